/**
 * One world running: a sandbox context (its store, clock, seed, faults, journal, client judge, bank)
 * with what serves it, the XS2A lifecycle and the customer surface with the control API, and the tick
 * that sends its due callbacks. A sandbox of one world (`--worlds shared`) runs one; with
 * `--worlds organisation` each provider organisation's world is one of these (registry.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ForwardedCertificates } from '../api/forwarded-certificate.js';
import { createApiListener } from '../api/lifecycle.js';
import type { Addresses, SandboxContext } from '../context.js';
import { buildContext } from '../context-build.js';
import type { ResolvedFaults } from '../faults/profiles.js';
import { fedJournal } from '../journal/fed-journal.js';
import type { RequestJournal } from '../journal/journal.js';
import type { SandboxOptions } from '../options.js';
import { createPortalApp, type PortalApp } from '../portal/app.js';
import type { Behaviour, ServedProfile } from '../profile.js';
import { dispatchDue } from '../services/callbacks/dispatch.js';
import { StoreUnavailableError, type SandboxState, type Store } from '../store/records.js';
import { syncShared } from '../sync-shared.js';

export interface WorldRuntime {
  readonly ctx: SandboxContext;
  readonly journal: RequestJournal;
  /** The XS2A API's request lifecycle over this world. */
  readonly api: (req: IncomingMessage, res: ServerResponse) => void;
  /** The customer surface and the control API over this world, the control API behind the operator's token. */
  readonly portal: PortalApp;
  /** The control API as the world's own providers call it on the mutual-TLS port: no token (the certificate was the credential). */
  readonly control: PortalApp;
  /** Stops the tick, writes the last units of work and releases the store. */
  close(): Promise<void>;
}

export interface WorldSettings {
  profile: ServedProfile;
  behaviour: Behaviour;
  log: (message: string) => void;
  callbackCa: readonly string[];
  startFaults: ResolvedFaults;
  addresses: Addresses;
  apiUrl: () => string;
  forwarded: ForwardedCertificates | undefined;
  /** The control API's bearer token, where the control API is the operator's (the customer-surface port). */
  controlToken: string | undefined;
}

export async function startWorld(
  options: SandboxOptions,
  settings: WorldSettings,
  openStore?: (fresh: () => SandboxState) => Store,
): Promise<WorldRuntime> {
  const { log } = settings;
  const { ctx } = await buildContext(options, { ...settings, ...(openStore ? { openStore } : {}) });
  ctx.events.on('reset', () => ctx.faults.reset());
  const journal = fedJournal(ctx.feed, options.journalSize);
  // Callback retries follow the sandbox clock: a clock move fires what became due at once, and a
  // one-second tick covers time passing by itself. With a shared store the tick first catches up with
  // the clock other processes moved; while the database is down it tries again on the next tick
  // (requests say so with 503 meanwhile).
  const dispatch = () =>
    void Promise.resolve()
      .then(() => {
        syncShared(ctx);
        return dispatchDue(ctx);
      })
      .catch((error: unknown) => {
        if (!(error instanceof StoreUnavailableError)) log(`callback dispatch: ${String(error)}`);
      });
  ctx.events.on('clock-changed', dispatch);
  const tick = setInterval(dispatch, 1000);
  tick.unref();
  const portalApp = (controlToken: string | undefined) =>
    createPortalApp(ctx, {
      controlToken,
      apiUrl: settings.apiUrl,
      journal,
      host: options.host,
      allowHosts: options.allowHosts,
    });
  let control: PortalApp | undefined;
  return {
    ctx,
    journal,
    api: createApiListener(ctx, undefined, settings.forwarded),
    portal: portalApp(settings.controlToken),
    get control() {
      return (control ??= portalApp(undefined));
    },
    async close() {
      clearInterval(tick);
      ctx.feed.close();
      // The last units of work are written before the store is released.
      await ctx.bank.settled();
      ctx.store.close();
    },
  };
}
