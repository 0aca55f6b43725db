/**
 * `startSandbox(options)`: the programmatic entry the CLI, the terminal UI, the conformance kit's
 * `sim` target and every test use. One process, two servers: the XS2A API behind mutual TLS and
 * the customer surface over plain HTTP.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { resolve } from 'node:path';
import { ensureCertificates, loadCertificates, userCertificatesDir, type CertificatePaths } from '../certs/index.js';
import { openCaFolder } from '../certs/ca-folder.js';
import { isPkiPath, pkiApp } from './portal/pki-routes.js';
import { pkiOf, type SandboxPki } from './library/pki.js';
import { syncShared } from './sync-shared.js';
import type { EventBus } from './events.js';
import { resolveFaults } from './faults/profiles.js';
import { answerParserErrors } from './http/client-error.js';
import { parseSandboxOptions, SandboxOptionsError, type SandboxOptions, type SandboxOptionsInput } from './options.js';
import { ProfileError } from '../contract/profile.js';
import { refusing } from './library/errors.js';
import { behaviourOf, resolveProfile, type ServedProfile } from './profile.js';
import { close, listen, urlHost } from './servers.js';
import { flushDue } from './services/callbacks/dispatch.js';
import { proxyAddress, type ForwardedCertificates } from './api/forwarded-certificate.js';
import type { Addresses } from './context.js';
import { serving } from './worlds/serving.js';
import type { WorldSettings } from './worlds/world-runtime.js';
import { maskUrl } from './store/pg/pg-url.js';
import { boundFetch, type SandboxFetch, type SandboxTls } from './library/fetch.js';
import { providerFactory, type ProviderOptions, type SandboxProvider } from './library/providers.js';
import { psuFactory, type SandboxPsu } from './library/psu.js';
import { requestsOf, type SandboxRequests } from './library/requests.js';
import { bookingOf, faultsOf, type Booking, type BookingInput, type SandboxFaults } from './library/tools.js';
import {
  callbacksOf,
  clientReportOf,
  type SandboxCallbacks,
  type SandboxClientReport,
} from './library/client-report.js';
import { moveClock, type ClockView } from './services/control/clock.js';
import { resetSandbox } from './services/control/reset.js';
import { customersView, type CustomerView } from './services/control/world.js';

/** The sandbox clock; a move it refuses rejects with SandboxError FORMAT_ERROR, `path` `advance` or `set`. */
export interface SandboxClock {
  now(): Date;
  /** Forward by an ISO 8601 duration ("PT1H", "P181D") or milliseconds. */
  advance(by: string | number): Promise<ClockView>;
  /** Forward to an instant (ISO 8601 date-time or Date). */
  set(at: string | Date): Promise<ClockView>;
}

export interface Sandbox {
  /** `{base_url}` of the XS2A API; paths carry the /v1 prefix. */
  readonly apiUrl: string;
  /** Customer surface: SCA pages, portal, and the control API under /sandbox. */
  readonly portalUrl: string;
  readonly controlUrl: string;
  readonly certificates: CertificatePaths;
  /** Certificate files this start had to create (empty when all were present). */
  readonly createdCertificates: readonly string[];
  /** The data file, or the database URL with its password masked; undefined in memory. */
  readonly dataFile: string | undefined;
  readonly clock: SandboxClock;
  readonly events: EventBus;
  /** Milliseconds from the call to both servers listening. */
  readonly startupMs: number;
  /** The seeded test customers, as `GET /sandbox/customers` lists them. */
  customers(): CustomerView[];
  /**
   * A standard `fetch` bound to `apiUrl` and the default provider's QWAC over mutual TLS:
   * `await sandbox.fetch('/v1/accounts', { headers: { 'Consent-ID': id } })`. Adds `X-Request-ID`
   * (a new UUID) when absent and `Content-Type: application/json` to a string body without one.
   */
  readonly fetch: SandboxFetch;
  /** The default provider's TLS material (`ca`, `cert`, `key` as Buffers) for any other client. */
  readonly tls: SandboxTls;
  /**
   * Another provider: a QWAC issued by the sandbox CA on first use (then reused by name), with its
   * own `fetch` and `tls`. Rejects an unknown role or a malformed `orgId`, naming the field.
   */
  provider(name: string, options?: ProviderOptions): Promise<SandboxProvider>;
  /** A test customer's actions (approve, decline, revoke, payee answers); throws for an unknown psuId. */
  psu(psuId: string): SandboxPsu;
  /** Books a transaction on a seeded account, as `POST /sandbox/transactions` does. */
  bookTransaction(input: BookingInput): Promise<Booking>;
  /** The bank profile served: its name or file (null for the default or a profile object) and every setting's value. */
  readonly profile: ServedProfile;
  /** What the XS2A API received and answered, newest first, as `GET /sandbox/requests`; `requests.clear()` empties it. */
  readonly requests: SandboxRequests;
  /** Per-test fault rules: `add` as `POST /sandbox/faults`, `clear` as `DELETE /sandbox/faults`. */
  readonly faults: SandboxFaults;
  /**
   * Makes every revocation-callback attempt that is due by the sandbox clock now, and resolves once
   * each attempt (and any already on the wire) has its answer recorded. After `clock.advance`, a
   * test awaits this instead of waiting in real time; when it resolves, whatever is not delivered
   * is not due.
   */
  flushCallbacks(): Promise<void>;
  /**
   * The client report: what the client judge found your client did against the interface's client
   * rules (`expect(sandbox.clientReport().findings).toEqual([])`), with `.acknowledge(rule)` and `.clear()`.
   */
  readonly clientReport: SandboxClientReport;
  /** Forged revocation events for your callback receiver: `sandbox.callbacks.forge({ consentId, kind })`. */
  readonly callbacks: SandboxCallbacks;
  /**
   * The test CA: its OCSP, CRL and CA addresses, and `revoke`, `suspend`, `resume`, `status` of a
   * certificate it issued (a serial, a PEM, or a provider's `tls`), on the sandbox clock.
   */
  readonly pki: SandboxPki;
  reset(): Promise<void>;
  close(): Promise<void>;
}

function readTrusted(files: readonly string[], flag: string, option: string): string[] {
  return files.map((file) => {
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch (error) {
      throw new SandboxOptionsError(
        `${flag} ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
        option,
      );
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----'))
      throw new SandboxOptionsError(`${flag} ${file} is not a PEM certificate file.`, option);
    return pem;
  });
}

/** A bad bank profile, as every refused option: a SandboxError whose path is `profile`. */
function servedProfile(option: SandboxOptions['profile'], seed: number): ServedProfile {
  try {
    return resolveProfile(option, seed);
  } catch (error) {
    if (error instanceof ProfileError) throw new SandboxOptionsError(error.message, 'profile');
    throw error;
  }
}

/** A public address as links append to it: no trailing slash. */
const withoutSlash = (url: string | undefined) => url?.replace(/\/+$/, '');

export async function startSandbox(input: SandboxOptionsInput = {}): Promise<Sandbox> {
  const started = performance.now();
  const options = parseSandboxOptions(input);
  // A bad fault profile is refused before anything is created.
  const startFaults = resolveFaults(options.faults);
  // So is a bad bank profile: the message names the setting.
  const profile = servedProfile(options.profile, options.seed);
  const behaviour = behaviourOf(profile.settings, { opaqueState: options.opaqueState });
  const log = input.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const certs = await ensureCertificates(resolve(options.certsDir ?? userCertificatesDir()));
  const pems = loadCertificates(certs.paths);
  const trusted = readTrusted(options.trust, '--trust', 'trust');
  const callbackCa = readTrusted(options.callbackCa, '--callback-ca', 'callbackCa');

  const forwarded: ForwardedCertificates | undefined =
    options.clientCertHeader === undefined
      ? undefined
      : {
          header: options.clientCertHeader.toLowerCase(),
          proxies: new Set(options.trustedProxies.map(proxyAddress)),
          trusted: [pems.ca, ...trusted].map((pem) => new X509Certificate(pem)),
        };
  const addresses: Addresses = { portalUrl: '', apiUrl: '' };
  // The API's URL is known once it listens (port 0 picks one); /openapi.json names it first.
  let apiUrl = '';
  const settings: WorldSettings = {
    profile,
    behaviour,
    log,
    callbackCa,
    startFaults,
    addresses,
    apiUrl: () => apiUrl,
    forwarded,
    controlToken: options.controlToken,
  };
  const front = await serving(options, settings, certs.paths.tppCert);
  const { ctx, journal } = front.world;

  const api = createHttpsServer(
    {
      key: pems.serverKey,
      cert: pems.serverCert,
      ca: [pems.ca, ...trusted],
      // Ask for a client certificate but never refuse at the handshake: every refusal must be an
      // HTTP answer in the envelope (spec "Authentication" 2).
      requestCert: true,
      rejectUnauthorized: false,
      minVersion: 'TLSv1.2',
    },
    front.api,
  );
  // The test CA's OCSP responder, CRL and revocation calls are the facility's, on its clock (the one
  // world's, or with worlds the default provider's world's); everything else is the world's surface.
  const caFolder = openCaFolder(certs.paths.dir);
  const facilityNow = () => {
    syncShared(ctx);
    return ctx.clock.now();
  };
  const pkiSurface = pkiApp(caFolder, facilityNow, {
    controlToken: options.controlToken,
    site: { host: options.host, allowHosts: options.allowHosts },
    log,
  });
  const portal = createHttpServer((req, res) =>
    isPkiPath(req.url ?? '') ? pkiSurface(req, res) : front.portal(req, res),
  );
  answerParserErrors(api);
  answerParserErrors(portal);

  let apiPort: number;
  let portalPort: number;
  try {
    apiPort = await listen(api, options.port, options.host, 'XS2A API', 'port');
    portalPort = await listen(portal, options.portalPort, options.host, 'customer surface', 'portalPort');
  } catch (error) {
    await close(api);
    // The data file is released: a later start in this process may open it.
    await front.close();
    throw error;
  }
  const host = urlHost(options.host);
  apiUrl = `https://${host}:${apiPort}`;
  const portalUrl = `http://${host}:${portalPort}`;
  addresses.portalUrl = withoutSlash(options.publicPortalUrl) ?? portalUrl;
  addresses.apiUrl = withoutSlash(options.publicApiUrl) ?? apiUrl;

  const tls: SandboxTls = {
    ca: Buffer.from(pems.ca),
    cert: readFileSync(certs.paths.tppCert),
    key: readFileSync(certs.paths.tppKey),
  };
  return {
    apiUrl,
    portalUrl,
    // With worlds, the control API of the world the helpers act on (the operator's path to it).
    controlUrl:
      front.worldId === undefined
        ? `${portalUrl}/sandbox`
        : `${portalUrl}/sandbox/worlds/${encodeURIComponent(front.worldId)}`,
    certificates: certs.paths,
    createdCertificates: certs.created,
    dataFile: options.data === undefined ? undefined : maskUrl(options.data),
    events: ctx.events,
    startupMs: performance.now() - started,
    clock: {
      now: () => ctx.clock.now(),
      advance: (by) => refusing(() => moveClock(ctx, { advance: by })),
      set: (at) => refusing(() => moveClock(ctx, { set: at })),
    },
    customers: () => customersView(ctx),
    fetch: boundFetch(apiUrl, tls),
    tls,
    provider: providerFactory(apiUrl, certs.paths),
    psu: psuFactory(ctx),
    bookTransaction: bookingOf(ctx),
    faults: faultsOf(ctx),
    requests: requestsOf(journal),
    // The world's own profile object: it follows a profile chosen while the sandbox runs.
    profile: ctx.profile,
    flushCallbacks: () => flushDue(ctx),
    clientReport: clientReportOf(ctx),
    callbacks: callbacksOf(ctx),
    pki: pkiOf(caFolder, facilityNow, portalUrl),
    reset: async () => {
      await resetSandbox(ctx);
    },
    close: async () => {
      await Promise.all([close(api), close(portal)]);
      await front.close();
    },
  };
}
