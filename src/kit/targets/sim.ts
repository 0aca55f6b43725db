/**
 * `--target sim`: an in-process sandbox on free ports with every capability (the CI default). The
 * sandbox is reached through the package root's `startSandbox` and then only over HTTP: the API
 * with mutual TLS, the control API for clock and customer actions, the SCA pages by form posts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCertificates, startSandbox } from '../../index.js';
import { startCallbackReceiver } from '../callback-receiver.js';
import { formsScaDriver } from '../sca-drivers/forms.js';
import type { Capability } from '../capabilities.js';
import type { SettingValue } from '../../contract/profile.js';
import type { Fixtures, ScaDriver, Target } from '../target.js';
import { controlApi } from './control-api.js';
import { simRevokedCertificates } from './sim-revoked.js';
import { keptKitCertificates } from './sim-certificates.js';

/** The fixture customers (docs/fixtures.md): Anna's Girokonto has 650 booked entries (three pages). */
export const SIM_FIXTURES: Fixtures = {
  redirectUri: 'https://tpp.example/xs2a/ok',
  nokRedirectUri: 'https://tpp.example/xs2a/nok',
  psu: { id: 'anna', password: 'anna-1234' },
  otherPsu: { id: 'clara', password: 'clara-1234' },
  ibans: {
    main: 'DE12123456780000100001',
    second: 'DE82123456780000100002',
    notHeld: 'DE89370400440532013000',
    creditor: 'DE89370400440532013000',
    // Gero's closed Altes Konto and Hanna's Girokonto under a compliance hold.
    closed: 'DE52123456780000700002',
    held: 'DE74123456780000800001',
  },
  amounts: { small: '1.25', beyondBalance: '9999.00' },
};

export interface SimTargetOptions {
  /** Where the sandbox clock starts (ISO); real time by default. */
  clockStart?: string;
  /**
   * The customer's stand-in on the SCA page; the `forms` driver by default. A function is given the
   * sandbox's control API address, for a driver that acts through it.
   */
  sca?: ScaDriver | ((controlUrl: string) => ScaDriver);
  /** A certificate folder to use (and keep) instead of a fresh temporary one: saves key generation. */
  certsDir?: string;
  /**
   * The simulator to start: the package's own by default. Mutation testing and the proofs that the
   * kit catches breaks hand in a simulator loaded from elsewhere, while the kit judging it stays this one.
   */
  startSandbox?: typeof startSandbox;
  /** The bank profile the sandbox serves (a built-in name, a profile file, or `{ settings }`); `default` when absent. */
  profile?: string | { settings: Record<string, SettingValue> };
  /** The sandbox's seed (generated customers, the `random` profile's draw). */
  seed?: number;
}

export async function startSimTarget(options: SimTargetOptions = {}): Promise<Target> {
  const certsDir = options.certsDir ?? (await mkdtemp(join(tmpdir(), 'xs2a-kit-conformance-')));
  const { paths } = await ensureCertificates(certsDir);
  const read = (file: string) => readFile(file, 'utf8');
  const ca = { cert: await read(paths.caCert), key: await read(paths.caKey) };
  const provider = { cert: await read(paths.tppCert), key: await read(paths.tppKey) };
  // Before anything listens: a folder the kit cannot write to leaves no server running.
  const { secondProvider, providerWithoutCof, renamedProvider, refusedCertificates } = await keptKitCertificates(
    certsDir,
    ca,
    provider,
  );
  const sandbox = await (options.startSandbox ?? startSandbox)({
    port: 0,
    portalPort: 0,
    certsDir,
    callbackCa: [paths.caCert],
    // As a bank that checks revocation: the revoked and suspended certificates below are refused.
    checkRevocation: true,
    ...(options.clockStart ? { clockStart: options.clockStart } : {}),
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    log: () => {},
  });
  let revokedCertificates;
  try {
    revokedCertificates = await simRevokedCertificates(certsDir, ca, provider, sandbox.clock.now());
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  let secret: string | undefined;
  // The receiver presents the sandbox's own server certificate (localhost), which chains to the CA
  // the sandbox was told to trust for callbacks; it judges `t` against the sandbox clock.
  const receiver = await startCallbackReceiver({
    key: await read(paths.serverKey),
    cert: await read(paths.serverCert),
    secret: () => secret,
    now: () => sandbox.clock.now(),
  });
  const { clock, control } = controlApi(sandbox.controlUrl);
  const sca = typeof options.sca === 'function' ? options.sca(sandbox.controlUrl) : (options.sca ?? formsScaDriver());
  const capabilities = new Set<Capability>([
    'sca',
    'clock',
    'control',
    'second-provider',
    'provider-without-cof',
    'renamed-provider',
    'callback-receiver',
    'second-psu',
    'closed-account',
    'held-account',
    'callback-endpoint',
    'refused-certificates',
    'revoked-certificates',
  ]);
  if (sca.wrongCodes) capabilities.add('sca-wrong-code');
  if (sca.readsReviewPage) capabilities.add('sca-review-page');
  return {
    name: `sim (${sandbox.apiUrl})`,
    baseUrl: sandbox.apiUrl,
    ca: ca.cert,
    provider,
    secondProvider,
    providerWithoutCof,
    renamedProvider,
    refusedCertificates,
    revokedCertificates,
    fixtures: SIM_FIXTURES,
    capabilities,
    sca,
    clock,
    control,
    callbacks: {
      url: receiver.url,
      useSecret: (value) => {
        secret = value;
      },
      received: () => receiver.received,
      waitFor: (count, timeoutMs) => receiver.waitFor(count, timeoutMs),
      answerNext: (answers) => receiver.answerNext(answers),
      // The sandbox dispatches due deliveries the moment its clock moves: a short wait says nothing is coming.
      quietMs: 150,
      // …and says when it has sent and recorded every delivery due: no wait needs to race real time.
      settle: () => sandbox.flushCallbacks(),
    },
    async close() {
      await receiver.close();
      await sandbox.close();
      if (!options.certsDir) await rm(certsDir, { recursive: true, force: true });
    },
  };
}
