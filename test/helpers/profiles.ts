/**
 * Sandboxes serving a chosen bank profile, and a raw HTTPS request for what `sandbox.fetch` never
 * sends (no X-Request-ID, no client certificate).
 */
import { SETTINGS, startSandbox, type Sandbox, type SandboxOptionsInput, type SettingValue } from '../../src/index.js';

/** Every setting at its second value: the non-default value of every two-valued setting. */
export const SECOND: Record<string, SettingValue> = Object.fromEntries(
  SETTINGS.map((definition) => [definition.name, definition.values[1] ?? definition.values[0]!]),
);
/** The third value of every setting that has one. */
export const THIRD: Record<string, SettingValue> = Object.fromEntries(
  SETTINGS.filter((definition) => definition.values.length > 2).map((definition) => [
    definition.name,
    definition.values[2]!,
  ]),
);

export const REDIRECT = 'https://tpp.example/cb';

export function sandboxServing(
  certsDir: string,
  settings: Record<string, SettingValue> | undefined,
  options: SandboxOptionsInput = {},
): Promise<Sandbox> {
  return startSandbox({
    certsDir,
    customers: 2,
    clockStart: '2026-03-02T10:00:00Z',
    log: () => {},
    ...(settings ? { profile: { settings } } : {}),
    ...options,
  });
}

/** Three sandboxes on one certificate folder: the default profile, SECOND and THIRD. */
export function servingEachProfile(
  certsDir: string,
  options: SandboxOptionsInput = {},
): Promise<[Sandbox, Sandbox, Sandbox]> {
  return Promise.all([
    sandboxServing(certsDir, undefined, options),
    sandboxServing(certsDir, SECOND, options),
    sandboxServing(certsDir, THIRD, options),
  ]);
}

export { rawRequest, type RawAnswer } from './raw-request.js';

export const codeOf = (json: unknown) =>
  (json as { tppMessages?: { code: string }[] } | undefined)?.tppMessages?.[0]?.code;

/** Status and code of a fetch answer. */
export async function refusal(answer: Response): Promise<[number, string | undefined]> {
  return [answer.status, codeOf(await answer.json())];
}

export function ibanOf(sandbox: Sandbox, psuId = 'anna', index = 0): string {
  return sandbox.customers().find((customer) => customer.psuId === psuId)!.accounts[index]!.iban;
}

export function resourceIdOf(sandbox: Sandbox, psuId = 'anna', index = 0): string {
  return sandbox.customers().find((customer) => customer.psuId === psuId)!.accounts[index]!.resourceId;
}

/** A consent over the IBANs, created and (unless told otherwise) approved by anna. */
export async function consent(
  sandbox: Sandbox,
  body: Record<string, unknown>,
  approve = true,
): Promise<{ consentId: string; authorisationId: string }> {
  const created = await sandbox.fetch('/v1/consents', {
    method: 'POST',
    headers: { 'TPP-Redirect-URI': REDIRECT },
    body: JSON.stringify(body),
  });
  if (created.status !== 201) throw new Error(`consent creation failed: ${created.status} ${await created.text()}`);
  const ids = (await created.json()) as { consentId: string; authorisationId: string };
  if (approve) await sandbox.psu('anna').approve(ids.authorisationId);
  return ids;
}

export function allAccess(iban: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    access: { accounts: [{ iban }], balances: [{ iban }], transactions: [{ iban }] },
    recurringIndicator: true,
    validUntil: '2026-06-01',
    frequencyPerDay: 4,
    ...over,
  };
}
