/** The validated options of `startSandbox()`; the CLI maps its flags onto these. */
import { isIP } from 'node:net';
import { z } from 'zod';
import { CLOCK_MAX_MS } from './clock.js';
import { parseDuration } from './duration.js';
import { SandboxError } from './library/errors.js';
import { FaultsOptionSchema } from './faults/schema.js';
import { ProfileOptionSchema } from './profile.js';
import { CustomersFile } from './seed/fixtures.js';

export const SandboxOptionsSchema = z
  .strictObject({
    /** XS2A API port (mutual TLS). 0 picks a free port. */
    port: z.number().int().min(0).max(65_535).default(0),
    /** Customer-surface port (SCA pages, portal, control API). 0 picks a free port. */
    portalPort: z.number().int().min(0).max(65_535).default(0),
    /** Address both servers bind to; `127.0.0.1` by default (nothing outside this machine reaches it). */
    host: z.string().min(1).default('127.0.0.1'),
    /**
     * More host names the customer surface answers to, besides IP addresses, `localhost` and `host`
     * (`--allow-host`): any other Host header is refused, so a web page cannot reach the sandbox by
     * rebinding its own name to this machine.
     */
    allowHosts: z.array(z.string().regex(/^[A-Za-z0-9.-]{1,253}$/, 'a host name such as sandbox.test')).default([]),
    /** Seed of the generated customers and their histories: the same seed gives the same bank on every machine. */
    /**
     * Where clients reach the XS2A API and the customer surface when that is not where this process
     * listens (`--public-api-url`, `--public-portal-url`): a load balancer in front of several
     * processes. Links in answers (`scaRedirect`, absolute hrefs) name these, so a customer sent to the
     * SCA page goes through the balancer like every other request.
     */
    publicApiUrl: z.url({ protocol: /^https$/ }).optional(),
    publicPortalUrl: z.url({ protocol: /^https?$/ }).optional(),
    seed: z.number().int().min(0).max(2_147_483_647).default(42),
    /** Generated customers on top of the named fixtures. */
    customers: z.number().int().min(0).max(100_000).default(20),
    /** JSON file that keeps state across restarts; memory only when absent. */
    data: z.string().min(1).optional(),
    /**
     * Certificate folder (CA, server certificate, the default provider's QWAC); missing files are
     * created. By default a folder of the user's cache, `~/.cache/xs2a-kit/certs`, so nothing is
     * written into the project (`serve` and `demo` default to `certs/` of the working folder).
     */
    certsDir: z.string().min(1).optional(),
    /** Requests the journal keeps (`GET /sandbox/requests`, `sandbox.requests()`), the oldest dropped; 0 turns it off. */
    journalSize: z.number().int().min(0).max(100_000).default(1000),
    /** Findings the client report keeps per provider (`--report-size`; with worlds, in each world): the oldest go beyond it, counted. */
    reportSize: z.number().int().min(1).max(10_000).default(200),
    /** When set, the control API requires `Authorization: Bearer <token>`. */
    controlToken: z.string().min(1).optional(),
    /**
     * Refuse a client certificate the sandbox CA has revoked or suspended by the sandbox clock
     * (`--check-revocation`), as a bank that checks revocation would; off by default, since a bank's own
     * test CA may have no responder the sandbox can reach.
     */
    checkRevocation: z.boolean().default(false),
    /**
     * Refuse a client certificate whose notAfter the sandbox clock has passed (`--expire-by-sandbox-clock`):
     * a test QWAC valid for a day is refused once the clock moves two. Off by default: TLS judges validity
     * against real time, so moving the clock never locks a client out.
     */
    expireBySandboxClock: z.boolean().default(false),
    /** Extra CA certificates (PEM files) whose client certificates are trusted. */
    trust: z.array(z.string().min(1)).default([]),
    /** Extra CA certificates (PEM files) trusted for revocation-callback receivers. */
    callbackCa: z.array(z.string().min(1)).default([]),
    /** Where the sandbox clock starts (ISO date-time, 1971 to 9999); real time when absent. */
    clockStart: z.iso
      .datetime({ offset: true })
      .refine(
        (value) => Date.parse(value) >= Date.UTC(1971, 0, 1) && Date.parse(value) <= CLOCK_MAX_MS,
        'a date-time from 1971-01-01 to 9999-12-31',
      )
      .optional(),
    /**
     * Named customers in place of fixtures/customers.json, same shape and checks (programmatic only):
     * e.g. one account with a million-row history for the benchmarks.
     */
    customersFixture: CustomersFile.optional(),
    /** Fault injection (`--faults`): a built-in profile, a JSON file of rules, or the rules; off when absent. */
    faults: FaultsOptionSchema.optional(),
    /**
     * Bank profile (`--profile`): a built-in name (default, strict, lenient, random drawn from `seed`),
     * the path of a JSON profile file, or `{ settings: { … } }`; the default profile when absent.
     */
    profile: ProfileOptionSchema.optional(),
    /**
     * Every authorisation's `state` is an opaque token instead of a UUID v4 (`--opaque-state`): a
     * departure from what the interface states today, outside the bank profile, that makes a client
     * which validates `state` instead of comparing it fail visibly.
     */
    opaqueState: z.boolean().default(false),
    /**
     * The client judge (`sandbox.clientReport()`, `GET /sandbox/client-report`): on by default;
     * `false` (`--no-client-judge`) saves the cost of judging every exchange, for benchmarks.
     */
    clientJudge: z.boolean().default(true),
    /**
     * `shared` (the default): one world for every provider. `organisation` (`--worlds organisation`):
     * each provider organisation its own world, made on its first request (docs/hosting.md).
     */
    worlds: z.enum(['shared', 'organisation']).default('shared'),
    /** The most worlds a sandbox of worlds holds (`--max-worlds`): a new organisation beyond it is refused. */
    maxWorlds: z.number().int().min(1).max(100_000).optional(),
    /**
     * The most records a world holds (`--max-records`): consents, payments, authorisations, bookings,
     * codes sent, callbacks, providers, everything its store keeps. A request that would hold more is
     * refused whole, naming the quota, until the world is reset. In every mode.
     */
    maxRecords: z.number().int().min(1).max(100_000_000).optional(),
    /**
     * The most control calls a world's providers make per minute (`--control-rate`), on the world's
     * control API under /sandbox/ of the mutual-TLS port: beyond it 429 with Retry-After, counted
     * over every process of the sandbox. The XS2A API keeps the interface's own limits.
     */
    controlRate: z.number().int().min(1).max(1_000_000).optional(),
    /**
     * Worlds no provider of theirs called for this long (`--world-idle-expiry`, an ISO 8601 duration
     * such as P30D, by the host's clock) are ended as the operator's DELETE ends one.
     */
    worldIdleExpiry: z
      .string()
      .refine(
        (value) => (parseDuration(value) ?? 0) >= 60_000,
        'an ISO 8601 duration of a minute or more, such as P30D',
      )
      .optional(),
    /**
     * Behind a TLS-terminating proxy (`--client-cert-header`, `--trusted-proxy`): the header in which the
     * proxy forwards the client certificate, believed only on connections from these addresses.
     */
    clientCertHeader: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name such as X-SSL-Client-Cert')
      .optional(),
    trustedProxies: z
      .array(z.string().refine((value) => isIP(value) !== 0, 'an IP address such as 10.0.0.5'))
      .default([]),
  })
  .superRefine((options, context) => {
    for (const name of ['maxWorlds', 'controlRate', 'worldIdleExpiry'] as const)
      if (options[name] !== undefined && options.worlds !== 'organisation')
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} needs worlds: organisation (--worlds organisation)`,
        });
    // One without the other would either believe nobody's header or name proxies for no header.
    if (options.clientCertHeader !== undefined && options.trustedProxies.length === 0)
      context.addIssue({
        code: 'custom',
        path: ['trustedProxies'],
        message: "clientCertHeader needs the trusted proxies' addresses (--trusted-proxy)",
      });
    if (options.clientCertHeader === undefined && options.trustedProxies.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['clientCertHeader'],
        message: 'trustedProxies need the header the proxies forward the certificate in (--client-cert-header)',
      });
  });

export type SandboxOptionsInput = z.input<typeof SandboxOptionsSchema> & {
  /** Receives internal error reports; stderr by default. */
  log?: (message: string) => void;
};
export type SandboxOptions = z.output<typeof SandboxOptionsSchema>;

/** An option `startSandbox` refuses: a SandboxError (FORMAT_ERROR) whose `path` names the option (`faults.0.delayMs`). */
export class SandboxOptionsError extends SandboxError {
  constructor(message: string, path?: string) {
    super('FORMAT_ERROR', message, path);
    this.name = 'SandboxOptionsError';
  }
}

export function parseSandboxOptions(input: SandboxOptionsInput): SandboxOptions {
  const { log: _log, ...rest } = input;
  const result = SandboxOptionsSchema.safeParse(rest);
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue?.path.join('.') ?? '';
    throw new SandboxOptionsError(`Invalid sandbox option ${path}: ${issue?.message ?? 'invalid'}`, path || undefined);
  }
  return result.data;
}
