/**
 * Targets nobody here wrote, for judging the kit: a stateless mock of the interface behind mutual
 * TLS (every operation answers its row's success with one canned, contract-valid body: the same ids
 * every time, nothing ever refused, nothing remembered), a server answering an HTML 502 to
 * everything, and a mock that stops answering after a number of requests. A target of do-nothing
 * powers (an SCA driver that acts on nothing, a clock that never moves, a control API that changes
 * nothing) lets every scenario meet the mock.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { ENDPOINTS } from '../../src/contract/endpoints.js';
import { matchEndpoint } from '../../src/contract/endpoint-match.js';
import { OUTPUT_SCHEMAS } from '../../src/contract/openapi-schemas.js';
import type { ClientCertificate } from '../../src/kit/client.js';
import type { Capability } from '../../src/kit/scenario.js';
import type { RefusedCertificate } from '../../src/kit/capabilities.js';
import type { Fixtures, Target } from '../../src/kit/target.js';

const IBAN = 'DE89370400440532013000';
const ID = '1234-wertiq-983';
const STATE = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
const links = { self: { href: `/v1/resource/${ID}` }, status: { href: `/v1/resource/${ID}/status` } };
const creationLinks = {
  ...links,
  scaRedirect: { href: `https://bank.example/sca/${ID}?state=${STATE}` },
  scaStatus: { href: `/v1/resource/${ID}/authorisations/${ID}` },
};
const transaction = (n: number) => ({
  transactionId: `tx-${n}`,
  entryReference: `e${n}`,
  transactionAmount: { currency: 'EUR', amount: '-12.50' },
  bookingDate: '2026-11-02',
  valueDate: '2026-11-02',
  creditorName: 'Shop',
});

/** One canned body per response name: what a mock generated from the definition's examples answers. */
const CANNED: Record<string, unknown> = {
  ConsentCreationResponse: { consentId: ID, consentStatus: 'received', authorisationId: ID, _links: creationLinks },
  ConsentResponse: {
    consentId: ID,
    consentStatus: 'valid',
    recurringIndicator: true,
    validUntil: '2027-05-01',
    frequencyPerDay: 4,
    lastActionDate: '2026-11-02',
    access: { balances: [{ iban: IBAN }], transactions: [{ iban: IBAN }] },
    _links: links,
  },
  ConsentStatusResponse: { consentStatus: 'valid' },
  Authorisations: { authorisationIds: [ID] },
  ScaStatusResponse: { scaStatus: 'finalised' },
  AccountList: { accounts: [{ resourceId: 'acc-1', iban: IBAN, currency: 'EUR', name: 'Main account' }] },
  AccountResponse: { account: { resourceId: 'acc-1', iban: IBAN, currency: 'EUR', name: 'Main account' } },
  BalanceResponse: {
    account: { iban: IBAN },
    balances: [
      {
        balanceType: 'closingBooked',
        balanceAmount: { currency: 'EUR', amount: '500.00' },
        lastChangeDateTime: '2026-11-02T10:00:00Z',
      },
    ],
  },
  TransactionsResponse: {
    account: { iban: IBAN },
    transactions: {
      booked: [transaction(1), transaction(2)],
      pending: [],
      _links: { account: { href: '/v1/accounts/acc-1' } },
    },
  },
  PaymentInitiationResponse: { transactionStatus: 'RCVD', paymentId: ID, authorisationId: ID, _links: creationLinks },
  PaymentResponse: {
    transactionStatus: 'ACSP',
    debtorAccount: { iban: IBAN },
    creditorAccount: { iban: 'DE23100000001234567890' },
    instructedAmount: { currency: 'EUR', amount: '123.50' },
    creditorName: 'Myshop',
  },
  PaymentStatusResponse: { transactionStatus: 'ACSP' },
  RevocationCallback: {
    url: 'https://tpp.example/xs2a/revocations',
    signatureHeader: 'X-Service-Signature',
    signatureToleranceSeconds: 300,
    secret: 'ab'.repeat(32),
  },
  FundsConfirmationResponse: { fundsAvailable: true },
};

// A mock whose canned bodies broke the contract would judge the kit on the wrong thing.
for (const entry of ENDPOINTS) {
  const name = entry.success.body;
  if (name) OUTPUT_SCHEMAS[name].parse(CANNED[name]);
}

export interface MockServer {
  baseUrl: string;
  /** Requests answered so far. */
  requests(): number;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<MockServer> {
  const sockets = new Set<Socket>();
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let count = 0;
  server.on('request', () => (count += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `https://localhost:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface ServerCertificates {
  key: string;
  cert: string;
  ca: string;
}

/**
 * The stateless mock: mutual TLS (a certificate is asked for, none is judged), each operation of the
 * endpoint table answered with its success and canned body, any other path a 404 envelope. After
 * `answerFor` requests (when given) it stops: every later connection is closed unanswered.
 */
export function statelessMock(certs: ServerCertificates, options: { answerFor?: number } = {}): Promise<MockServer> {
  let answered = 0;
  const server = createServer(
    { key: certs.key, cert: certs.cert, ca: certs.ca, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      req.resume();
      req.on('end', () => {
        if (options.answerFor !== undefined && answered >= options.answerFor) {
          req.socket.destroy();
          return;
        }
        answered += 1;
        const url = new URL(req.url ?? '/', 'https://mock.invalid');
        const entry = matchEndpoint(req.method ?? 'GET', url.pathname);
        const echo = { 'X-Request-ID': String(req.headers['x-request-id'] ?? '') };
        if (!entry) {
          res.writeHead(404, { 'Content-Type': 'application/json', ...echo });
          res.end(
            JSON.stringify({
              tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', text: 'No such resource.' }],
            }),
          );
          return;
        }
        const body = entry.success.body ? JSON.stringify(CANNED[entry.success.body]) : undefined;
        res.writeHead(entry.success.status, body ? { 'Content-Type': 'application/json', ...echo } : echo);
        res.end(body);
      });
    },
  );
  return listen(server);
}

/** A web server in front of nothing (502) or of something else (404): an HTML page for every request. */
export function htmlServer(certs: ServerCertificates, status: 404 | 502): Promise<MockServer> {
  const title = status === 502 ? '502 Bad Gateway' : '404 Not Found';
  const server = createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
    req.resume();
    res.writeHead(status, { 'Content-Type': 'text/html' });
    res.end(
      `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>`,
    );
  });
  return listen(server);
}

const FIXTURES: Fixtures = {
  redirectUri: 'https://tpp.example/xs2a/ok',
  nokRedirectUri: 'https://tpp.example/xs2a/nok',
  psu: { id: 'anna', password: 'anna-1234' },
  otherPsu: { id: 'ben', password: 'ben-1234' },
  ibans: {
    main: IBAN,
    second: 'DE75512108001245126199',
    notHeld: 'DE02100100100006820101',
    creditor: 'DE02120300000000202051',
    closed: 'DE48512108001245126200',
    held: 'DE64512108001245126300',
  },
  amounts: { small: '1.25', beyondBalance: '99999.00' },
};

/**
 * A target around a mock with every power the kit can use, each doing nothing: the customer's
 * ceremony acts on nothing and sees no return, the clock reads real time and never moves, the control
 * API changes nothing, and no callback ever arrives.
 */
export function doNothingTarget(
  baseUrl: string,
  ca: string,
  certificates: {
    provider: ClientCertificate;
    second: ClientCertificate;
    withoutCof: ClientCertificate;
    refused: Partial<Record<RefusedCertificate, ClientCertificate>>;
  },
): Target {
  const capabilities = new Set<Capability>([
    'sca',
    'sca-wrong-code',
    'clock',
    'control',
    'second-provider',
    'provider-without-cof',
    'second-psu',
    'closed-account',
    'held-account',
    'callback-endpoint',
    'callback-receiver',
    'refused-certificates',
  ]);
  return {
    name: `mock (${baseUrl})`,
    baseUrl,
    ca,
    provider: certificates.provider,
    secondProvider: certificates.second,
    providerWithoutCof: certificates.withoutCof,
    refusedCertificates: certificates.refused,
    fixtures: FIXTURES,
    capabilities,
    sca: { name: 'does nothing', wrongCodes: true, authorise: async () => ({ location: null }) },
    clock: { now: async () => new Date(), advance: async () => {} },
    control: {
      revokeConsent: async () => {},
      bookTransaction: async () => {},
      setAuthorised: async () => {},
      amendPayment: async () => {},
      answerPayee: async () => {},
    },
    callbacks: {
      url: 'https://localhost:9/xs2a/revocations',
      useSecret: () => {},
      received: () => [],
      waitFor: (count) => Promise.reject(new Error(`no callback arrives (waited for ${count})`)),
      answerNext: () => {},
      quietMs: 0,
    },
    close: async () => {},
  };
}
