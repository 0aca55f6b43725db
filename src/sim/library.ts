/**
 * What a TPP's tests use besides the servers (docs/library.md): a `fetch` already holding the
 * provider's QWAC, its TLS material for any other client, more providers, the customer's actions
 * and bookings. Each customer action goes through the same services as the SCA pages, the portal
 * and the control API, so a test sees exactly what a browser would have caused.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import {
  isPspRole,
  issueQwac,
  parseOrganizationIdentifier,
  PSP_ROLES,
  type CertificatePaths,
  type PspRole,
} from '../certs/index.js';
import { XsError } from '../contract/index.js';
import type { SandboxContext } from './context.js';
import type { FaultsView } from './faults/injector.js';
import { parseFaultRules, type FaultRuleInput } from './faults/schema.js';
import { bookTransaction } from './services/bookings.js';
import { revokeByCustomer } from './services/consents.js';
import { confirmPayee, pendingPayeeChecksOf } from './services/payments.js';
import { effectiveScaStatus } from './rules/sca.js';
import { actAsCustomer, findAuthorisation } from './services/sca.js';

/** PEM material of a provider, as Buffers any TLS client takes (node `https.Agent`, undici, axios). */
export interface SandboxTls {
  /** The sandbox CA: trust it for the API's server certificate. */
  readonly ca: Buffer;
  /** The provider's QWAC. */
  readonly cert: Buffer;
  readonly key: Buffer;
}

/**
 * A standard `fetch` bound to the API's `{base_url}` and one provider's QWAC over mutual TLS. A
 * relative path is resolved against the API (`/v1/accounts`); `X-Request-ID` gets a new UUID when
 * absent, and a string body without a Content-Type is sent as `application/json`.
 */
export type SandboxFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface SandboxProvider {
  readonly name: string;
  readonly organizationIdentifier: string;
  readonly roles: readonly PspRole[];
  readonly tls: SandboxTls;
  readonly fetch: SandboxFetch;
}

export interface ProviderOptions {
  /** PSD2 roles in the QWAC: `PSP_AI`, `PSP_PI`, `PSP_IC`, `PSP_AS`; all three services by default. */
  roles?: readonly PspRole[];
  /** The eIDAS organizationIdentifier, e.g. `PSDDE-BAFIN-654321`; derived from the name by default. */
  orgId?: string;
}

/** What a customer's decision left: the authorisation's scaStatus and where the browser would go next. */
export interface CustomerOutcome {
  scaStatus: string;
  redirect: string | null;
}

/** A test customer's hand: what the SCA page and the portal let that customer do. */
export interface SandboxPsu {
  readonly psuId: string;
  /** Logs in, enters the one-time code and approves, as the SCA page does; an ended authorisation is refused (`path` authorisationId). */
  approve(authorisationId: string): Promise<CustomerOutcome>;
  decline(authorisationId: string): Promise<CustomerOutcome>;
  /** Revokes a consent this customer approved, as the portal does (revokedByPsu; callbacks follow). */
  revoke(consentId: string): Promise<{ consentId: string; consentStatus: 'revokedByPsu' }>;
  /** Answers the payee check of a payment this customer authorised (PDNG → ACSP). */
  confirmPayee(paymentId: string): Promise<{ transactionStatus: string }>;
  /** Refuses the payee (PDNG → RJCT, the reservation released). */
  refusePayee(paymentId: string): Promise<{ transactionStatus: string }>;
}

export interface BookingInput {
  /** A seeded account's IBAN. */
  iban: string;
  /** Signed decimal string: `"25.00"` arrives, `"-12.30"` leaves. */
  amount: string;
  counterpartyName?: string;
  remittanceInformationUnstructured?: string;
  /** Booked by default; `true` books it pending. */
  pending?: boolean;
}

/**
 * A refusal of a library call: `code` is the envelope's code the same refusal answers over HTTP
 * (e.g. `RESOURCE_UNKNOWN`, `FORMAT_ERROR`), `path` the field at fault when there is one.
 */
export class SandboxError extends Error {
  readonly code: string;
  readonly path: string | undefined;
  constructor(code: string, message: string, path?: string) {
    super(message);
    this.name = 'SandboxError';
    this.code = code;
    this.path = path;
  }
}

/** Runs a service call, turning its envelope refusal into a SandboxError. */
async function refusing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof XsError) throw new SandboxError(error.code, error.message, error.path);
    throw error;
  }
}

function headersOf(raw: NodeJS.Dict<string | string[]>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** A fetch over node:https with one keep-alive agent holding the given certificate. */
export function boundFetch(apiUrl: string, tls: SandboxTls): SandboxFetch {
  const agent = new Agent({ keepAlive: true, ca: tls.ca, cert: tls.cert, key: tls.key });
  return async (input, init = {}) => {
    // A Request (what openapi-fetch and other clients hand over) keeps its own URL, method, headers and body.
    const base = input instanceof Request ? input : new Request(new URL(input, apiUrl));
    const url = new URL(base.url);
    const headers = new Headers(init.headers ?? base.headers);
    if (!headers.has('X-Request-ID')) headers.set('X-Request-ID', randomUUID());
    if (typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    // Request normalises the method and reads any body kind fetch takes into bytes.
    const prepared = new Request(base, { ...init, headers });
    const method = prepared.method;
    const payload = method === 'GET' || method === 'HEAD' ? undefined : Buffer.from(await prepared.arrayBuffer());
    const outgoing: Record<string, string> = {};
    prepared.headers.forEach((value, name) => (outgoing[name] = value));
    if (payload !== undefined) outgoing['content-length'] = String(payload.length);
    return new Promise<Response>((resolve, reject) => {
      const req = request(url, { method, headers: outgoing, agent, signal: init.signal ?? undefined }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const empty = method === 'HEAD' || status === 204 || status === 304;
          resolve(
            new Response(empty ? null : Buffer.concat(chunks), {
              status,
              statusText: res.statusMessage ?? '',
              headers: headersOf(res.headers),
            }),
          );
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  };
}

/** A six-digit registration number from a name, so `provider('b')` is the same provider in every run. */
function numberFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  // Kept away from 123456, the default provider's number.
  return String(200_000 + (hash % 700_000));
}

export function providerFactory(
  apiUrl: string,
  paths: CertificatePaths,
): (name: string, options?: ProviderOptions) => Promise<SandboxProvider> {
  const made = new Map<string, SandboxProvider>();
  return async (name, options = {}) => {
    if (typeof name !== 'string' || name.trim() === '')
      throw new SandboxError('FORMAT_ERROR', 'provider(): name: give the provider a name.', 'name');
    const roles = options.roles ?? ['PSP_AI', 'PSP_PI', 'PSP_IC'];
    const unknown = roles.find((role) => !isPspRole(role));
    if (!Array.isArray(roles) || roles.length === 0 || unknown !== undefined) {
      throw new SandboxError(
        'FORMAT_ERROR',
        `provider(): roles: ${unknown === undefined ? 'give at least one role' : `unknown role "${String(unknown)}"`} (known: ${Object.keys(PSP_ROLES).join(', ')}).`,
        'roles',
      );
    }
    const orgId = options.orgId ?? `PSDDE-BAFIN-${numberFor(name)}`;
    try {
      parseOrganizationIdentifier(orgId);
    } catch (error) {
      throw new SandboxError(
        'FORMAT_ERROR',
        `provider(): orgId: ${error instanceof Error ? error.message : String(error)}`,
        'orgId',
      );
    }
    const existing = made.get(name);
    if (existing) {
      const same =
        (options.orgId === undefined || options.orgId === existing.organizationIdentifier) &&
        (options.roles === undefined || [...roles].sort().join() === [...existing.roles].sort().join());
      if (!same)
        throw new SandboxError(
          'FORMAT_ERROR',
          `provider(): "${name}" exists with other roles or another orgId; use another name.`,
          'name',
        );
      return existing;
    }
    const ca = { cert: readFileSync(paths.caCert, 'utf8'), key: readFileSync(paths.caKey, 'utf8') };
    // EC keys: quick to make; a provider differs from another only by its identity.
    const pair = issueQwac({ ca, name, organizationIdentifier: orgId, roles: [...roles], keyType: 'ec' });
    const tls: SandboxTls = { ca: Buffer.from(ca.cert), cert: Buffer.from(pair.cert), key: Buffer.from(pair.key) };
    const provider: SandboxProvider = {
      name,
      organizationIdentifier: orgId,
      roles: [...roles],
      tls,
      fetch: boundFetch(apiUrl, tls),
    };
    made.set(name, provider);
    return provider;
  };
}

export function psuFactory(ctx: SandboxContext): (psuId: string) => SandboxPsu {
  return (psuId) => {
    if (typeof psuId !== 'string' || !ctx.seed.customer(psuId)) {
      throw new SandboxError(
        'FORMAT_ERROR',
        `psu(): psuId: no test customer "${String(psuId)}" (sandbox.customers() lists them).`,
        'psuId',
      );
    }
    const payee = (paymentId: string, confirm: boolean) =>
      refusing(async () => {
        // The portal's rule: only the customer who authorised a payment answers its payee check.
        if (!pendingPayeeChecksOf(ctx, psuId).some((row) => row.paymentId === paymentId)) {
          throw new XsError('RESOURCE_UNKNOWN', { text: `No payee check of ${psuId} waits for payment ${paymentId}.` });
        }
        return confirmPayee(ctx, paymentId, confirm);
      });
    // The SCA page's rule: an authorisation that has ended takes no decision any more.
    const act = (authorisationId: string, decision: 'approve' | 'decline') =>
      refusing(async () => {
        const status = effectiveScaStatus(findAuthorisation(ctx, authorisationId), ctx.clock.now());
        if (status === 'finalised' || status === 'failed') {
          throw new XsError('FORMAT_ERROR', {
            path: 'authorisationId',
            text: `The authorisation has ended (${status}); there is nothing to ${decision}.`,
          });
        }
        return actAsCustomer(ctx, authorisationId, { psuId, decision });
      });
    return {
      psuId,
      approve: (authorisationId) => act(authorisationId, 'approve'),
      decline: (authorisationId) => act(authorisationId, 'decline'),
      revoke: (consentId) => refusing(() => revokeByCustomer(ctx, psuId, consentId)),
      confirmPayee: (paymentId) => payee(paymentId, true),
      refusePayee: (paymentId) => payee(paymentId, false),
    };
  };
}

/** The booking as the control API answers it: the row a provider will read, with its entryReference. */
export type Booking = Awaited<ReturnType<typeof bookTransaction>>;

export function bookingOf(ctx: SandboxContext): (input: BookingInput) => Promise<Booking> {
  return (input) => refusing(() => bookTransaction(ctx, input));
}

/** Per-test fault rules (msw's `use` / `resetHandlers` feel): the same rules and checks as POST/DELETE /sandbox/faults. */
export interface SandboxFaults {
  /** Adds one rule or several; a bad rule rejects with the field at fault, and then none is added. */
  add(rules: FaultRuleInput | readonly FaultRuleInput[]): Promise<FaultsView>;
  /** Takes every rule away (the start profile's too). */
  clear(): Promise<FaultsView>;
}

export function faultsOf(ctx: SandboxContext): SandboxFaults {
  return {
    add: (rules) => refusing(async () => ctx.faults.add(parseFaultRules(rules))),
    clear: async () => ctx.faults.clear(),
  };
}
