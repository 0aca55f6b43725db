/**
 * What the two servers of a sandbox serve. `--worlds shared` (the default): one world, as ever.
 * `--worlds organisation`: each provider organisation's world (registry.ts), found by the certificate
 * on the XS2A API, where the organisation also calls its world's control API under `/sandbox/`; on
 * the customer surface the operator's `/sandbox/worlds` calls (behind the control token) and each SCA
 * page served by the world that holds its authorisation. A request whose certificate names no
 * organisation is answered by a world of its own (the lobby), which refuses it as any world would.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { readQwacPem } from '../../certs/index.js';
import { XsError } from '../../contract/index.js';
import { certificateReader } from '../api/identity.js';
import { isAuthorised } from '../rules/register.js';
import { parseDuration } from '../duration.js';
import { requestIdEcho } from '../api/request-id.js';
import { asXsError, errorAnswer } from '../http/error-envelope.js';
import { jsonBodyReader } from '../http/json-body.js';
import type { SandboxOptions } from '../options.js';
import type { PortalApp } from '../portal/app.js';
import { operatorPortal } from '../portal/worlds-routes.js';
import { isoDate } from '../../contract/dates.js';
import { memoryStore } from '../store/memory-store.js';
import { isDatabaseUrl } from '../store/pg/pg-url.js';
import { openDatabase } from '../store/store.js';
import { openWorldFiles } from '../store/world-files.js';
import { createWorlds } from './registry.js';
import { startWorld, type WorldRuntime, type WorldSettings } from './world-runtime.js';

export interface Serving {
  /** The world the library's helpers act on: the only one, or the default provider's. */
  world: WorldRuntime;
  /** With worlds, that world's id (its owner's organizationIdentifier): its control API is the operator's `/sandbox/worlds/{id}`. */
  worldId?: string | undefined;
  api: (req: IncomingMessage, res: ServerResponse) => void;
  portal: PortalApp;
  close(): Promise<void>;
}

const isControl = (url: string) => url === '/sandbox' || url.startsWith('/sandbox/') || url.startsWith('/sandbox?');

/** An envelope written straight to the response, with the X-Request-ID echo. */
function refuse(req: IncomingMessage, res: ServerResponse, xs: XsError): void {
  const answer = errorAnswer(xs);
  const echo = requestIdEcho(typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : undefined);
  res.writeHead(answer.status, {
    'Content-Type': 'application/json',
    'X-Content-Type-Options': 'nosniff',
    ...answer.headers,
    ...(echo === undefined ? {} : { 'X-Request-ID': echo }),
  });
  res.end(JSON.stringify(answer.body));
}

export async function serving(options: SandboxOptions, settings: WorldSettings, defaultCert: string): Promise<Serving> {
  if (options.worlds === 'shared') {
    const world = await startWorld(options, settings);
    return { world, api: world.api, portal: world.portal, close: () => world.close() };
  }
  // Worlds in memory, in PostgreSQL (every process serves every world), or in a folder of data files
  // (one process: each world a data file of its own).
  const database =
    options.data !== undefined && isDatabaseUrl(options.data)
      ? openDatabase(options.data, isoDate(Date.now()))
      : undefined;
  const files =
    options.data !== undefined && database === undefined ? openWorldFiles(options.data, settings.log) : undefined;
  const worlds = createWorlds(options, settings, { database, files });
  // A world file that cannot be served stops the start, as a data file of one world does.
  await worlds.startKept().catch(async (error: unknown) => {
    await worlds.close().catch(() => {});
    files?.close();
    throw error;
  });
  // The lobby answers requests that name no organisation: it keeps nothing, so in memory.
  const lobby = await startWorld(options, settings, (fresh) => memoryStore(fresh()));
  const owner = readQwacPem(readFileSync(defaultCert, 'utf8')).organizationIdentifier;
  const world = owner ? await worlds.forOrganisation(owner) : lobby;
  const readCertificate = certificateReader(settings.forwarded);

  const api = (req: IncomingMessage, res: ServerResponse) => {
    let organisation: string | undefined;
    try {
      organisation = readCertificate(req.socket as TLSSocket, req.headers).organizationIdentifier;
    } catch {
      // The lobby refuses it in the envelope, as every world would.
      return lobby.api(req, res);
    }
    // The first request of a provider the register lists as withdrawn registers nothing (spec "Access
    // and registration" 1–2): no world is made for it, and the lobby refuses it as every world would.
    if (!worlds.holds(organisation) && !isAuthorised(lobby.ctx.registerFixture, undefined, organisation))
      return lobby.api(req, res);
    const control = isControl(req.url ?? '');
    const now = Date.now();
    const worldId = worlds.worldOf(organisation);
    if (control && worlds.holds(organisation)) {
      const wait = worlds.activity.controlCall(worldId, now);
      if (wait !== undefined)
        return refuse(
          req,
          res,
          new XsError('ACCESS_EXCEEDED', {
            status: 429,
            headers: { 'Retry-After': String(wait) },
            text: `This world made its most control calls this minute (${String(options.controlRate)}, the facility's control-rate quota): call again after Retry-After.`,
          }),
        );
    }
    let found: Promise<WorldRuntime> | undefined;
    try {
      found = control ? worlds.existing(organisation) : worlds.forOrganisation(organisation);
    } catch (error) {
      // A quota refused to make the world.
      return refuse(req, res, asXsError(error, settings.log));
    }
    if (!found)
      return refuse(
        req,
        res,
        new XsError('ROLE_INVALID', {
          status: 403,
          text: 'This provider has no world yet: its first request to the XS2A API registers it and makes its world.',
        }),
      );
    const admission = control && /^\/sandbox\/members\/?(\?|$)/.test(req.url ?? '');
    worlds.activity.touch(worldId, now);
    found.then(
      (runtime) =>
        admission
          ? members(req, res, organisation).catch((error: unknown) => refuse(req, res, asXsError(error, settings.log)))
          : control
            ? runtime.control(req, res)
            : runtime.api(req, res),
      (error: unknown) => {
        settings.log(`a world could not be started: ${String(error)}`);
        refuse(req, res, new XsError('INTERNAL_SERVER_ERROR'));
      },
    );
  };

  /**
   * `GET /sandbox/members`: who is in the caller's world. `POST /sandbox/members`
   * `{"organizationIdentifier"}`: its owner lets another organisation in.
   */
  async function members(req: IncomingMessage, res: ServerResponse, organisation: string): Promise<void> {
    const world = worlds.worldOf(organisation);
    let summary;
    if (req.method === 'POST') {
      if (world !== organisation)
        throw new XsError('ROLE_INVALID', {
          status: 403,
          text: "Only the world's owner admits organisations into it.",
        });
      const body = await readBody(req);
      summary = await worlds.admit(
        world,
        (body?.value as { organizationIdentifier?: unknown } | undefined)?.organizationIdentifier,
      );
      res.statusCode = 201;
    } else if (req.method === 'GET' || req.method === 'HEAD') {
      summary = await worlds.summary(world);
    } else {
      throw new XsError('METHOD_NOT_ALLOWED', { headers: { Allow: 'GET, HEAD, POST' } });
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(summary));
  }
  const readBody = jsonBodyReader();

  // Idle worlds end by the operator's setting; the sandbox's own provider's world (the library's) stays.
  const expiry = options.worldIdleExpiry === undefined ? undefined : parseDuration(options.worldIdleExpiry)!;
  const sweep =
    expiry === undefined
      ? undefined
      : setInterval(
          () =>
            void worlds.expireIdle(Date.now() - expiry, owner).then(
              (ended) => ended.length > 0 && settings.log(`ended ${ended.length} idle world(s): ${ended.join(', ')}`),
              (error: unknown) => settings.log(`idle worlds could not be ended: ${String(error)}`),
            ),
          Math.min(expiry / 2, 60_000),
        );
  sweep?.unref();

  return {
    world,
    worldId: owner === undefined ? undefined : worlds.worldOf(owner),
    api,
    portal: operatorPortal(
      worlds,
      lobby,
      settings,
      { host: options.host, allowHosts: options.allowHosts },
      // The default provider's world's key: kept in the database, so every process signs alike.
      () => world.ctx.store.state().callbackKey,
      owner,
    ),
    close: async () => {
      if (sweep) clearInterval(sweep);
      await worlds.close();
      await lobby.close();
      database?.close();
      files?.close();
    },
  };
}
