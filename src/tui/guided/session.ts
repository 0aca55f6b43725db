/**
 * What the guided walk-through acts with: the default provider's QWAC over mutual TLS (as any TPP),
 * the control API (as the customer), and an HTTPS receiver for the revocation callback. The
 * receiver presents the sandbox's server certificate, so the sandbox must trust its CA for
 * callbacks (`xs2a-kit demo` starts it so).
 */
import { readFileSync } from 'node:fs';
import { startCallbackReceiver, type CallbackReceiver } from '../../kit/callback-receiver.js';
import { createClient, type XsClient } from '../../kit/client.js';
import type { Sandbox } from '../../index.js';
import { createControlClient, type ControlClient } from '../control-client.js';

export type GuidedSandbox = Pick<Sandbox, 'apiUrl' | 'controlUrl' | 'certificates' | 'clock'>;

/** What earlier steps learnt that later ones need. */
export interface GuidedMemory {
  consentId?: string;
  authorisationId?: string;
  resourceId?: string;
  secret?: string;
  paymentId?: string;
  paymentAuthorisationId?: string;
}

export interface GuidedSession {
  readonly tpp: XsClient;
  readonly control: ControlClient;
  readonly memory: GuidedMemory;
  receiver(): Promise<CallbackReceiver>;
  close(): Promise<void>;
}

export function createGuidedSession(sandbox: GuidedSandbox): GuidedSession {
  const c = sandbox.certificates;
  const read = (file: string) => readFileSync(file, 'utf8');
  const memory: GuidedMemory = {};
  let receiver: Promise<CallbackReceiver> | undefined;
  return {
    tpp: createClient({
      baseUrl: sandbox.apiUrl,
      ca: read(c.caCert),
      certificate: { cert: read(c.tppCert), key: read(c.tppKey) },
      label: 'guided',
      record: () => {},
    }),
    control: createControlClient(sandbox.controlUrl),
    memory,
    receiver() {
      // The signature's `t` is sandbox time: judge it against the sandbox clock (spec "Events" 5).
      receiver ??= startCallbackReceiver({
        key: read(c.serverKey),
        cert: read(c.serverCert),
        secret: () => memory.secret,
        now: () => sandbox.clock.now(),
      });
      return receiver;
    },
    async close() {
      await (await receiver)?.close();
    },
  };
}
