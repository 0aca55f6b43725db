/**
 * The checks that need no network: every file the config names holds what its key says (a CA bundle,
 * certificates that match their keys, providers valid now and fit for their part), and the SCA driver
 * can act at all (the browser driver's playwright-core and Chromium are there).
 */
import { ConfigError } from '../config-error.js';
import type { ScaDriver, Target } from '../target.js';
import { checkCaBundle, checkPair, checkProviders } from '../targets/certificate-files.js';
import type { RemoteConfig } from '../targets/remote.js';

type Files = { cert: string; key: string } | undefined;

/** The config's certificate keys with their files, and what the target read from them. */
function pairsOf(config: RemoteConfig, target: Target) {
  const pairs: [string, Files, Target['provider'] | undefined][] = [
    ['provider', config.provider, target.provider],
    ['secondProvider', config.secondProvider, target.secondProvider],
    ['providerWithoutCof', config.providerWithoutCof, target.providerWithoutCof],
    ['renamedProvider', config.renamedProvider, target.renamedProvider],
  ];
  for (const [kind, files] of Object.entries(config.refusedCertificates ?? {}))
    pairs.push([
      `refusedCertificates.${kind}`,
      files,
      target.refusedCertificates?.[kind as keyof typeof target.refusedCertificates],
    ]);
  return pairs;
}

export function checkFiles(config: RemoteConfig, target: Target, now: Date): void {
  checkCaBundle('ca', config.ca, target.ca);
  for (const [key, files, pair] of pairsOf(config, target)) if (files && pair) checkPair(key, files, pair);
  checkProviders(target.provider, target, now);
}

/** `scaFrom` names where the driver was chosen: `--sca browser` or `sca.driver "browser"`. */
export async function checkScaDriver(driver: ScaDriver | undefined, scaFrom: string): Promise<void> {
  try {
    await driver?.ready?.();
  } catch (error) {
    throw new ConfigError(`${scaFrom}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
