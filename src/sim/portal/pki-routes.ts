/**
 * The test CA on the customer surface, facility-wide (the CA is the facility's, not a world's):
 *
 *   GET  /pki/ca.crt             the CA certificate (DER, the AIA caIssuers address)
 *   GET  /pki/ca.crl             the CRL on the sandbox clock (DER, the CRL distribution point)
 *   POST /pki/ocsp               OCSP (RFC 6960 A.1: application/ocsp-request in, application/ocsp-response out)
 *   GET  /pki/ocsp/{base64}      OCSP by GET (A.1: the request's base64, URL-encoded; none: malformedRequest)
 *
 * and behind the control token, on the operator's control API:
 *
 *   GET  /sandbox/certificates                    what the CA issued, each with its status now
 *   GET  /sandbox/certificates/{serial}
 *   POST /sandbox/certificates/{serial}/revoke    {"reason":"keyCompromise","at"?:ISO}
 *   POST /sandbox/certificates/{serial}/suspend   {"at"?:ISO}
 *   POST /sandbox/certificates/{serial}/resume    {}
 *
 * A change call's bad body is FORMAT_ERROR with the `path` of the field at fault, or of the field
 * it needs when the body is no JSON object.
 *
 * The PKI answers need no token: a relying party's OCSP client sends none. The clock is the
 * facility's (`clock`), so OCSP, the CRL and the control calls agree on "now".
 */
import express, { type Express, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import type { CaFolder } from '../../certs/ca-folder.js';
import { serialHex } from '../../certs/certificate-parts.js';
import { issueCrl } from '../../certs/crl.js';
import { answerOcsp } from '../../certs/ocsp.js';
import {
  REVOCATION_REASONS,
  RevocationRefusal,
  certificateView,
  resume,
  revoke,
  suspend,
} from '../../certs/revocation.js';
import { XsError } from '../../contract/index.js';
import { isObject } from '../../contract/parse.js';
import { NOT_JSON } from '../http/json-body.js';
import { controlAuth } from './control-auth.js';
import { errorHandler } from './error-handler.js';
import { jsonBody } from './json-body.js';
import { notFound, param, routeTable } from './routes.js';
import { controlGuard, type SiteGuardOptions } from './site-guard.js';

/** Paths this app answers; anything else is the world's customer surface. */
export function isPkiPath(url: string): boolean {
  return /^\/pki(\/|\?|$)/.test(url) || /^\/sandbox\/certificates(\/|\?|$)/.test(url);
}

const OCSP_REQUEST_LIMIT = 64 * 1024;
const Instant = z.iso.datetime({ offset: true });
const RevokeBody = z.strictObject({
  reason: z.enum(Object.keys(REVOCATION_REASONS) as [keyof typeof REVOCATION_REASONS]),
  at: Instant.optional(),
});
const SuspendBody = z.strictObject({ at: Instant.optional() });
const ResumeBody = z.strictObject({});

function serialParam(req: Request): string {
  try {
    return serialHex(param(req, 'serial'));
  } catch {
    throw new XsError('FORMAT_ERROR', {
      path: 'serial',
      text: 'A serial number is hexadecimal, e.g. 4f3a…, as openssl x509 -serial prints it.',
    });
  }
}

/** Stands for a change call's body that is text but not JSON, refused by the call itself with its field's path. */
const NOT_JSON_BODY = Symbol('not JSON');

/**
 * The control bodies as every control call reads them (json-body.ts), except that text which is not
 * JSON, sent to a change call (a POST), is left for the call to refuse as it refuses an array or a
 * string: naming the field it needs, as PUT /sandbox/profile names `profile`. The reader's other
 * refusals (content type, size, depth) are its own: no field is at fault there.
 */
function controlBody(): RequestHandler {
  const read = jsonBody();
  return (req, res, next) =>
    read(req, res, (error?: unknown) => {
      if (req.method !== 'POST' || !(error instanceof XsError) || error.message !== NOT_JSON) return next(error);
      req.body = NOT_JSON_BODY;
      next();
    });
}

/**
 * A change call's body read with its schema: the `path` is the field at fault, or the first one the
 * call does not take; a body that is no JSON object names `field`, the one the call needs (none for
 * resume, which takes no field).
 */
function readChange<T>(schema: z.ZodType<T>, body: unknown, hint: string, field?: string): T {
  const given = body ?? {};
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const named = [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])].join('.');
  const path = named || (isObject(given) ? undefined : field);
  throw new XsError('FORMAT_ERROR', {
    ...(path ? { path } : {}),
    text: isObject(given) ? hint : `The body is not a JSON object. ${hint}`,
  });
}

/** A refusal of the rules as the envelope: unknown serial 404, anything else 400, each with its path. */
async function changing(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof RevocationRefusal)
      throw new XsError(error.notFound ? 'RESOURCE_UNKNOWN' : 'FORMAT_ERROR', {
        path: error.path,
        text: error.message,
      });
    throw error;
  }
}

function readRaw(req: Request, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Too large to be an OCSP request: answered at once, the rest left unread and the connection closed after.
        req.pause();
        req.removeAllListeners('data');
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function pkiApp(
  folder: CaFolder,
  now: () => Date,
  options: { controlToken: string | undefined; site: SiteGuardOptions; log: (message: string) => void },
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  const ocspAnswer = (res: express.Response, request: Buffer | undefined) => {
    if (request === undefined) res.set('Connection', 'close');
    const answer =
      request === undefined
        ? answerOcsp(Buffer.alloc(0), folder.ca(), [], new Map(), now())
        : answerOcsp(request, folder.ca(), folder.records(), folder.issued(), now());
    res.status(200).type('application/ocsp-response').set('Cache-Control', 'no-store').send(answer.der);
  };

  const ocspByGet: RequestHandler = (req, res) => {
    // Express has already URL-decoded the path parameter; base64 in a path may also arrive as base64url.
    const raw = ([] as string[]).concat((req.params as { request?: string | string[] }).request ?? []).join('/');
    const base64 = raw.replace(/-/g, '+').replace(/_/g, '/');
    ocspAnswer(res, /^[A-Za-z0-9+/]+={0,2}$/.test(base64) ? Buffer.from(base64, 'base64') : undefined);
  };

  app.use(
    '/pki',
    routeTable([
      {
        method: 'get',
        path: '/ca.crt',
        handler: (_req, res) => void res.type('application/pkix-cert').send(folder.ca().certificate.raw),
      },
      {
        method: 'get',
        path: '/ca.crl',
        handler: (_req, res) =>
          void res
            .type('application/pkix-crl')
            .set('Cache-Control', 'no-store')
            .send(issueCrl(folder.ca(), folder.records(), now())),
      },
      {
        method: 'post',
        path: '/ocsp',
        // RFC 6960 A.1: a body that is not an OCSP request is answered malformedRequest, never an HTML page.
        handler: async (req, res) => ocspAnswer(res, await readRaw(req, OCSP_REQUEST_LIMIT)),
      },
      // A GET without a request (`/pki/ocsp`, `/pki/ocsp/`) is a malformed one, as one that is not base64.
      { method: 'get', path: '/ocsp', handler: ocspByGet },
      { method: 'get', path: '/ocsp/*request', handler: ocspByGet },
    ]),
  );

  const control = express.Router();
  control.use(controlAuth(options.controlToken), controlGuard(options.site), controlBody());
  const at = (given: string | undefined) => (given === undefined ? now() : new Date(given));
  control.use(
    routeTable([
      {
        method: 'get',
        path: '/',
        handler: (_req, res) => {
          const records = folder.records();
          const moment = now();
          res.json({
            certificates: [...folder.issued().values()].map((certificate) =>
              certificateView(certificate, records, moment),
            ),
          });
        },
      },
      {
        method: 'get',
        path: '/:serial',
        handler: (req, res) => {
          const serial = serialParam(req);
          const certificate = folder.issued().get(serial);
          if (!certificate)
            throw new XsError('RESOURCE_UNKNOWN', {
              path: 'serial',
              text: `The test CA issued no certificate with serial number ${serial}.`,
            });
          res.json(certificateView(certificate, folder.records(), now()));
        },
      },
      {
        method: 'post',
        path: '/:serial/revoke',
        handler: async (req, res) => {
          const serial = serialParam(req);
          const body = readChange(
            RevokeBody,
            req.body,
            'Send {"reason":"keyCompromise"} (an RFC 5280 reason) and optionally "at".',
            'reason',
          );
          await changing(() =>
            folder.change((records, issued) =>
              revoke(records, issued, { serial, reason: body.reason, at: at(body.at) }),
            ),
          );
          res.json(certificateView(folder.issued().get(serial)!, folder.records(), now()));
        },
      },
      {
        method: 'post',
        path: '/:serial/suspend',
        handler: async (req, res) => {
          const serial = serialParam(req);
          const body = readChange(SuspendBody, req.body, 'Send {} or {"at":"2026-06-01T00:00:00Z"}.', 'at');
          await changing(() =>
            folder.change((records, issued) => suspend(records, issued, { serial, at: at(body.at) })),
          );
          res.json(certificateView(folder.issued().get(serial)!, folder.records(), now()));
        },
      },
      {
        method: 'post',
        path: '/:serial/resume',
        handler: async (req, res) => {
          const serial = serialParam(req);
          readChange(ResumeBody, req.body, 'Send {}.');
          await changing(() => folder.change((records, issued) => resume(records, issued, serial)));
          res.json(certificateView(folder.issued().get(serial)!, folder.records(), now()));
        },
      },
    ]),
  );
  app.use('/sandbox/certificates', control);
  app.use(notFound);
  app.use(errorHandler(options.log));
  return app;
}
