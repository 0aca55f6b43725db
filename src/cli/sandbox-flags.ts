/**
 * The sandbox's flags, one table shared by `serve` and `demo`. Ranges and defaults come from the
 * option schema of `startSandbox` (sim/options.ts), so a bound is written once; only the fixed
 * ports are the CLI's own (a library start picks free ports, a command line wants stable ones).
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { z } from 'zod';
import { BUILT_IN_BANK_PROFILES, ProfileError } from '../contract/profile.js';
import { SandboxOptionsSchema, type SandboxOptionsInput } from '../sim/options.js';
import { parseDuration } from '../sim/duration.js';
import { resolveProfile } from '../sim/profile.js';
import { collect, integer } from './parse.js';

const shape = SandboxOptionsSchema.shape;

/** A whole-number flag parser bounded as the schema bounds the option. */
function bounded(schema: z.ZodDefault<z.ZodNumber>) {
  const inner = schema.unwrap();
  return integer(inner.minValue ?? 0, inner.maxValue ?? Number.MAX_SAFE_INTEGER);
}

export interface SandboxFlags {
  port: number;
  portalPort: number;
  host: string;
  allowHost: string[];
  publicApiUrl?: string;
  publicPortalUrl?: string;
  seed: number;
  customers: number;
  data?: string;
  certs: string;
  profile?: string;
  journalSize: number;
  reportSize: number;
  opaqueState?: boolean;
  worlds?: 'shared' | 'organisation';
  maxWorlds?: number;
  maxRecords?: number;
  controlRate?: number;
  worldIdleExpiry?: string;
  checkRevocation?: boolean;
  expireBySandboxClock?: boolean;
}

/**
 * Checked while the flags are read (the seed does not matter to whether a profile can be served),
 * so a bad profile stops the command with one line naming the setting before anything starts.
 */
function bankProfile(value: string): string {
  try {
    resolveProfile(value, 0);
  } catch (error) {
    if (error instanceof ProfileError) throw new InvalidArgumentError(error.message);
    throw error;
  }
  return value;
}

function worldsMode(value: string): 'shared' | 'organisation' {
  if (value !== 'shared' && value !== 'organisation')
    throw new InvalidArgumentError('--worlds is shared or organisation.');
  return value;
}

function idleExpiry(value: string): string {
  if ((parseDuration(value) ?? 0) < 60_000)
    throw new InvalidArgumentError('expected an ISO 8601 duration of a minute or more, such as P30D or PT12H.');
  return value;
}

export function sandboxFlags(command: Command): Command {
  return (
    command
      .option('--port <port>', 'XS2A API port (mutual TLS)', bounded(shape.port), 8443)
      .option(
        '--portal-port <port>',
        'customer surface port (SCA pages, portal, control API)',
        bounded(shape.portalPort),
        8080,
      )
      .option('--host <host>', 'address both servers bind to', shape.host.def.defaultValue)
      .option(
        '--allow-host <name>',
        'also answer to this host name on the customer surface (besides IP addresses and localhost; repeatable)',
        collect,
        [],
      )
      .option(
        '--public-api-url <url>',
        'where clients reach the XS2A API when not at this process (a load balancer): absolute links name it',
      )
      .option(
        '--public-portal-url <url>',
        'where customers reach the customer surface when not at this process (a load balancer): scaRedirect links name it',
      )
      .option('--seed <n>', 'seed of the generated customers', bounded(shape.seed), shape.seed.def.defaultValue)
      .option(
        '--customers <n>',
        'generated customers besides the named fixtures',
        bounded(shape.customers),
        shape.customers.def.defaultValue,
      )
      .option(
        '--data <file-or-url>',
        "keep state in this SQLite data file, made when missing (memory only when absent; an earlier release's JSON file is moved to it once), or in PostgreSQL (postgresql://USER@HOST:PORT/DB), shared by every process given the same URL; with --worlds organisation a folder of one data file per world, or the database",
      )
      // The working folder's certs/, where the banner's curl and the docs point (the library defaults to the user's cache).
      .option('--certs <dir>', 'certificate folder; missing files are created', 'certs')
      .option(
        '--report-size <n>',
        'findings the client report keeps per provider (with worlds, in each world; the oldest go beyond it)',
        bounded(shape.reportSize),
        shape.reportSize.def.defaultValue,
      )
      .option(
        '--journal-size <n>',
        'API requests the journal keeps for GET /sandbox/requests (0: off)',
        bounded(shape.journalSize),
        shape.journalSize.def.defaultValue,
      )
      .option(
        '--profile <name|file>',
        `bank profile to serve: ${BUILT_IN_BANK_PROFILES.join(', ')} (drawn from --seed), or a JSON profile file (xs2a-kit profiles lists the settings)`,
        bankProfile,
      )
      .option(
        '--worlds <mode>',
        'shared (one world for every provider) or organisation (each provider organisation its own world: customers, clock, faults, journal, client report)',
        worldsMode,
      )
      .option('--max-worlds <n>', 'with --worlds organisation: the most worlds the sandbox holds', integer(1, 100_000))
      .option(
        '--max-records <n>',
        'the most records a world holds (consents, payments, authorisations, bookings, …); beyond it a request is refused until a reset',
        integer(1, 100_000_000),
      )
      .option(
        '--control-rate <n>',
        "with --worlds organisation: the most control calls per minute of a world's providers (429 with Retry-After beyond)",
        integer(1, 1_000_000),
      )
      .option(
        '--world-idle-expiry <duration>',
        'with --worlds organisation: end a world no provider of it called for this long (ISO 8601, such as P30D)',
        idleExpiry,
      )
      .option(
        '--check-revocation',
        'refuse a client certificate the sandbox CA revoked or suspended, by the sandbox clock (401 CERTIFICATE_MISSING)',
      )
      .option(
        '--expire-by-sandbox-clock',
        'refuse a client certificate whose notAfter the sandbox clock has passed (401 CERTIFICATE_MISSING)',
      )
      .option(
        '--opaque-state',
        'every authorisation state is an opaque token, not a UUID: shows a client that validates state (departs from the interface on purpose)',
      )
  );
}

/** The `startSandbox` options the shared flags stand for. */
export function sandboxInput(flags: SandboxFlags): SandboxOptionsInput {
  return {
    port: flags.port,
    portalPort: flags.portalPort,
    host: flags.host,
    allowHosts: flags.allowHost,
    ...(flags.publicApiUrl === undefined ? {} : { publicApiUrl: flags.publicApiUrl }),
    ...(flags.publicPortalUrl === undefined ? {} : { publicPortalUrl: flags.publicPortalUrl }),
    seed: flags.seed,
    customers: flags.customers,
    data: flags.data,
    certsDir: flags.certs,
    journalSize: flags.journalSize,
    reportSize: flags.reportSize,
    ...(flags.profile === undefined ? {} : { profile: flags.profile }),
    ...(flags.opaqueState ? { opaqueState: true } : {}),
    ...(flags.worlds === undefined ? {} : { worlds: flags.worlds }),
    ...(flags.maxWorlds === undefined ? {} : { maxWorlds: flags.maxWorlds }),
    ...(flags.checkRevocation ? { checkRevocation: true } : {}),
    ...(flags.expireBySandboxClock ? { expireBySandboxClock: true } : {}),
    ...(flags.maxRecords === undefined ? {} : { maxRecords: flags.maxRecords }),
    ...(flags.controlRate === undefined ? {} : { controlRate: flags.controlRate }),
    ...(flags.worldIdleExpiry === undefined ? {} : { worldIdleExpiry: flags.worldIdleExpiry }),
  };
}
