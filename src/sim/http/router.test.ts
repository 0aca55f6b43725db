import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAnswer, errorHandler, toXsError } from './error-handler.js';
import { createRouter } from './router.js';
import { notFound, routeTable, type Method } from './routes.js';

// Shaped like the XS2A table: a literal path before a parameter that would take it, several
// methods on one path, parameters at several depths.
const TABLE: { method: Method; path: string }[] = [
  { method: 'post', path: '/consents/confirmation-of-funds' },
  { method: 'get', path: '/consents/confirmation-of-funds/:consentId' },
  { method: 'delete', path: '/consents/confirmation-of-funds/:consentId' },
  { method: 'post', path: '/consents' },
  { method: 'get', path: '/consents/:consentId' },
  { method: 'delete', path: '/consents/:consentId' },
  { method: 'get', path: '/accounts' },
  { method: 'get', path: '/accounts/:accountId/balances' },
  { method: 'post', path: '/payments/:product' },
  { method: 'get', path: '/payments/:product/:paymentId/authorisations/:authorisationId' },
  { method: 'get', path: '/revocation-callback' },
  { method: 'put', path: '/revocation-callback' },
];

const REQUESTS: [string, string][] = [
  ['GET', '/v1/accounts'],
  ['GET', '/V1/Accounts'],
  ['GET', '/v1/accounts/'],
  ['GET', '/v1/accounts//'],
  ['GET', '/v1//accounts'],
  ['GET', '/v1'],
  ['GET', '/v1/'],
  ['GET', '/v1x/accounts'],
  ['GET', '/'],
  ['GET', '/v1/accounts/a%20b/balances'],
  ['GET', '/v1/accounts/%2F%2e%2E/balances/'],
  ['GET', '/v1/accounts//balances'],
  ['GET', '/v1/accounts/%zz/balances'],
  ['POST', '/v1/accounts/%E0%A4/balances'],
  ['GET', '/v1/accounts/x/balances/more'],
  ['HEAD', '/v1/accounts/x/balances'],
  ['HEAD', '/v1/consents'],
  ['OPTIONS', '/v1/revocation-callback'],
  ['DELETE', '/v1/revocation-callback'],
  ['POST', '/v1/accounts'],
  ['GET', '/v1/consents/confirmation-of-funds'],
  ['POST', '/v1/Consents/Confirmation-Of-Funds/'],
  ['DELETE', '/v1/consents/confirmation-of-funds/c1'],
  ['PUT', '/v1/consents/c1'],
  ['GET', '/v1/consents/%C3%A9t%C3%A9'],
  ['GET', '/v1/payments/sepa-credit-transfers/p1/authorisations/a1'],
  ['GET', '/v1/payments/sepa-credit-transfers/p1/AUTHORISATIONS/a1/'],
];

interface Seen {
  status: number;
  allow: string | null;
  json: unknown;
}

let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(
    '/v1',
    routeTable(
      TABLE.map((route, index) => ({
        ...route,
        handler: (req, res) => void res.json({ route: index, params: { ...req.params } }),
      })),
    ),
  );
  app.use(notFound);
  app.use(errorHandler(() => {}));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function viaExpress(method: string, path: string): Promise<Seen> {
  const res = await fetch(`${base}${path}`, { method });
  const text = await res.text();
  return { status: res.status, allow: res.headers.get('allow'), json: text ? JSON.parse(text) : undefined };
}

function viaRouter(method: string, path: string): Seen {
  const route = createRouter(TABLE, '/v1');
  try {
    const { route: found, params } = route(method, path);
    return { status: 200, allow: null, json: method === 'HEAD' ? undefined : { route: TABLE.indexOf(found), params } };
  } catch (error) {
    const answer = errorAnswer(toXsError(error, () => {}));
    return {
      status: answer.status,
      allow: answer.headers.Allow ?? null,
      json: method === 'HEAD' ? undefined : answer.body,
    };
  }
}

describe('the API router', () => {
  it.each(REQUESTS)('answers %s %s as the express route table does', async (method, path) => {
    expect(viaRouter(method, path)).toEqual(await viaExpress(method, path));
  });

  it('decodes parameters and serves HEAD with the GET route', () => {
    const route = createRouter(TABLE, '/v1');
    expect(route('GET', '/v1/consents/%C3%A9t%C3%A9').params).toEqual({ consentId: 'été' });
    expect(route('HEAD', '/v1/accounts/x/balances').route).toBe(TABLE[7]);
  });
});
