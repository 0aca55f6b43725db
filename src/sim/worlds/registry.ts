/**
 * The worlds of a sandbox served with `--worlds organisation`: each provider organisation (the
 * QWAC's organizationIdentifier) gets a world of its own on its first request, with its own store,
 * clock, customers (seeded from the sandbox's seed and the world), faults, journal and client report.
 * A world is a value looked up here and handed to what serves the request; nothing of one world is
 * reachable from another.
 */
import { parseOrganizationIdentifier } from '../../certs/index.js';
import { XsError } from '../../contract/index.js';
import type { SandboxOptions } from '../options.js';
import { SHARED_WORLD, type PgDatabase } from '../store/pg/pg-store.js';
import type { WorldFiles } from '../store/world-files.js';
import { seedFor } from '../seed/random.js';
import { worldActivity, type WorldActivity } from './activity.js';
import { startWorld, type WorldRuntime, type WorldSettings } from './world-runtime.js';

export interface WorldSummary {
  world: string;
  /** The organisations whose requests it serves, its owner first. */
  members: string[];
  /** Its sandbox clock now. */
  now: string;
}

export interface Worlds {
  /** The organisation's world, made on its first request. */
  forOrganisation(organisationId: string): Promise<WorldRuntime>;
  /** The organisation's world if it has one; undefined for an organisation never seen. */
  existing(organisationId: string): Promise<WorldRuntime> | undefined;
  byId(world: string): Promise<WorldRuntime> | undefined;
  /** Whether the organisation has a world (its own, or one it was admitted into), here or in the database. */
  holds(organisationId: string): boolean;
  /** The id of the world an organisation's requests go to (its own, or the one it was admitted into). */
  worldOf(organisationId: string): string;
  list(): Promise<WorldSummary[]>;
  summary(world: string): Promise<WorldSummary | undefined>;
  /**
   * The world's owner lets another organisation in: its requests are then this world's. Refused
   * (FORMAT_ERROR, `path` organizationIdentifier) for a malformed identifier or an organisation that
   * is in another world already.
   */
  admit(world: string, organisationId: unknown): Promise<WorldSummary>;
  /** Ends a world: its store and everything in it go, its organisations start afresh on their next request. */
  remove(world: string): Promise<boolean>;
  /** Each world's calls: the control-rate quota and the idle expiry (activity.ts). */
  readonly activity: WorldActivity;
  /** Ends every world no provider called since `beforeMs` (host time) but `keep`; answers those ended. */
  expireIdle(beforeMs: number, keep?: string): Promise<string[]>;
  /** The world that holds this authorisation (an SCA page's), if any: its id and its runtime. */
  withAuthorisation(authorisationId: string): { world: string; started: Promise<WorldRuntime> } | undefined;
  close(): Promise<void>;
}

/**
 * Where the worlds are kept, when not in memory: `database` when several processes serve them
 * (PostgreSQL): a world made by another process is found there, and runs here on its first request
 * here; `files`, a folder of data files (SQLite), one process's: every world it holds is started with
 * the sandbox (`startKept`), so this process knows each world's members and authorisations.
 */
export function createWorlds(
  options: SandboxOptions,
  settings: WorldSettings,
  kept: { database?: PgDatabase | undefined; files?: WorldFiles | undefined } = {},
): Worlds & { startKept(): Promise<void> } {
  const { database, files } = kept;
  const activity = worldActivity(options.controlRate, database);
  const running = new Map<string, { started: Promise<WorldRuntime>; runtime?: WorldRuntime; members: string[] }>();
  const memberOf = new Map<string, string>();
  /** The world an organisation was admitted into, as the database knows it (another process may have admitted it). */
  const admittedTo = (organisationId: string) => {
    const world = database?.worldHolding('members', organisationId);
    return world === undefined || world === SHARED_WORLD ? undefined : world;
  };

  /** Refuses a new world beyond `--max-worlds`, before anything of it is made. */
  function withinQuota(world: string): void {
    if (options.maxWorlds === undefined || running.has(world) || keeps(world)) return;
    const held = new Set([...running.keys(), ...(database?.worlds() ?? [])]).size;
    if (held >= options.maxWorlds)
      throw new XsError('ROLE_INVALID', {
        status: 403,
        text: `This facility holds its most worlds (${options.maxWorlds}, its max-worlds quota): no world can be made for this provider now.`,
      });
  }

  function start(world: string): Promise<WorldRuntime> {
    withinQuota(world);
    // The world's customers and histories are its own: seeded from the sandbox's seed and the world.
    const started = startWorld(
      { ...options, seed: seedFor(options.seed, 'world', world) },
      settings,
      database ? (fresh) => database.store(world, fresh) : files && ((fresh) => files.store(world, fresh)),
    );
    const entry = { started, members: [world] as string[] } as {
      started: Promise<WorldRuntime>;
      runtime?: WorldRuntime;
      members: string[];
    };
    running.set(world, entry);
    memberOf.set(world, world);
    started.then(
      (runtime) => {
        entry.runtime = runtime;
        // Admitted before a restart (or by another process): the world's own records say who is in it.
        for (const { organizationIdentifier } of runtime.ctx.store.all('members')) {
          if (!entry.members.includes(organizationIdentifier)) entry.members.push(organizationIdentifier);
          memberOf.set(organizationIdentifier, world);
        }
      },
      () => {
        running.delete(world);
        memberOf.delete(world);
      },
    );
    return started;
  }

  /**
   * Whether the database holds this world (made by another process, or before a restart). A folder's
   * worlds all run from the start (`startKept`), and only this process makes more: `running` knows them.
   */
  const keeps = (world: string) => database?.worlds().includes(world) ?? false;

  const summaryOf = async (world: string): Promise<WorldSummary | undefined> => {
    const entry = running.get(world);
    if (!entry) return undefined;
    const runtime = await entry.started;
    // Admitted by another process, or before a restart: the world's own records say who is in it.
    for (const { organizationIdentifier } of runtime.ctx.store.all('members'))
      if (!entry.members.includes(organizationIdentifier)) entry.members.push(organizationIdentifier);
    return { world, members: [...entry.members], now: runtime.ctx.clock.now().toISOString() };
  };

  return {
    async startKept() {
      const kept = files?.worlds() ?? [];
      // One process keeps a folder's activity in memory: a world's idle time counts from this start,
      // so a restart never ends a world that was in use just before it.
      for (const world of kept) activity.touch(world, Date.now());
      await Promise.all(kept.map((world) => running.get(world)?.started ?? start(world)));
    },
    forOrganisation(organisationId) {
      const world = memberOf.get(organisationId) ?? admittedTo(organisationId);
      if (world === undefined) return start(organisationId);
      memberOf.set(organisationId, world);
      return running.get(world)?.started ?? start(world);
    },
    existing(organisationId) {
      const world = memberOf.get(organisationId) ?? admittedTo(organisationId);
      if (world !== undefined) {
        memberOf.set(organisationId, world);
        return running.get(world)?.started ?? start(world);
      }
      return keeps(organisationId) ? start(organisationId) : undefined;
    },
    holds: (organisationId) =>
      memberOf.has(organisationId) ||
      admittedTo(organisationId) !== undefined ||
      running.has(organisationId) ||
      keeps(organisationId),
    worldOf: (organisationId) => memberOf.get(organisationId) ?? admittedTo(organisationId) ?? organisationId,
    async admit(world, organisationId) {
      const refuse = (text: string) => new XsError('FORMAT_ERROR', { path: 'organizationIdentifier', text });
      if (typeof organisationId !== 'string')
        throw refuse('organizationIdentifier: give one, such as PSDDE-BAFIN-654321.');
      try {
        parseOrganizationIdentifier(organisationId);
      } catch (error) {
        throw refuse(`organizationIdentifier: ${(error as Error).message}.`);
      }
      const runtime = await (running.get(world)?.started ?? start(world));
      const now =
        memberOf.get(organisationId) ??
        admittedTo(organisationId) ??
        (keeps(organisationId) ? organisationId : undefined);
      if (now !== undefined && now !== world)
        throw refuse(`organizationIdentifier: ${organisationId} is in another world; its world must be deleted first.`);
      if (now === undefined)
        await runtime.ctx.bank.transact((uow) =>
          uow.put('members', organisationId, {
            organizationIdentifier: organisationId,
            admittedAt: runtime.ctx.clock.now().toISOString(),
          }),
        );
      memberOf.set(organisationId, world);
      const entry = running.get(world)!;
      if (!entry.members.includes(organisationId)) entry.members.push(organisationId);
      return (await summaryOf(world))!;
    },
    byId: (world) => running.get(world)?.started ?? (keeps(world) ? start(world) : undefined),
    async list() {
      for (const world of database?.worlds() ?? []) if (!running.has(world)) start(world);
      return (await Promise.all([...running.keys()].map(summaryOf))).filter((s) => s !== undefined);
    },
    summary: (world) =>
      running.has(world) || !keeps(world) ? summaryOf(world) : start(world).then(() => summaryOf(world)),
    activity,
    async expireIdle(beforeMs, keep) {
      const idle = activity.idleSince(beforeMs).filter((world) => world !== keep);
      for (const world of idle) await this.remove(world);
      return idle;
    },
    async remove(world) {
      const entry = running.get(world);
      if (!entry && !keeps(world)) return false;
      running.delete(world);
      activity.forget(world);
      if (entry) {
        for (const member of entry.members) memberOf.delete(member);
        await (await entry.started).close();
      }
      database?.drop(world);
      files?.drop(world);
      return true;
    },
    withAuthorisation(authorisationId) {
      if (database) {
        const world = database.worldHolding('authorisations', authorisationId);
        return world === undefined || world === SHARED_WORLD
          ? undefined
          : { world, started: running.get(world)?.started ?? start(world) };
      }
      for (const [world, entry] of running)
        if (entry.runtime?.ctx.store.get('authorisations', authorisationId)) return { world, started: entry.started };
      return undefined;
    },
    async close() {
      const all = [...running.values()];
      running.clear();
      memberOf.clear();
      await Promise.all(all.map(async (entry) => (await entry.started).close()));
    },
  };
}
