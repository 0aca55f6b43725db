import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.js';
import { stripComments } from '../targets/config-file.js';
import { parseRemoteConfig, RemoteConfigFileSchema, scaOf } from '../targets/remote.js';
import type { CertsFolder } from './certs-folder.js';
import { renderSandboxConfig, renderTemplate } from './config-text.js';
import { KEY_NOTES } from './render-config.js';

const relative = (path: string) => path.replace('/bank/', '');
const certs: CertsFolder = {
  dir: '/bank/certs',
  caFile: '/bank/certs/ca.crt',
  ca: 'PEM',
  providerFiles: { cert: '/bank/certs/tpp.crt', key: '/bank/certs/tpp.key' },
  provider: { cert: 'PEM', key: 'PEM' },
  caKey: undefined,
};
const read = (text: string) => JSON.parse(stripComments(text)) as Record<string, unknown>;
const refusal = (text: string) => {
  try {
    parseRemoteConfig(read(text), 'bank.json');
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

describe('the config files --init-config writes', () => {
  it('has a note for exactly the config schema’s keys, the report keys (name, environment) among them', () => {
    expect(Object.keys(KEY_NOTES).sort()).toEqual(Object.keys(RemoteConfigFileSchema.shape).sort());
    expect(Object.keys(KEY_NOTES)).toEqual(expect.arrayContaining(['name', 'environment']));
  });

  it('writes a template naming every key under its note, which the kit reads back and stops at the first placeholder', () => {
    const text = renderTemplate({ target: 'https://bank.example:8443', certs: undefined, extra: {}, relative });
    for (const key of Object.keys(KEY_NOTES)) expect(text, key).toContain(`"${key}": `);
    for (const note of Object.values(KEY_NOTES).flat()) expect(text).toContain(`// ${note}`);
    expect(refusal(text)).toBe(
      `bank.json: "ca" is still the template's placeholder "<fill in: PEM file of the CA the bank's server certificate chains to>": fill it in, or remove the key if it is optional`,
    );
    // The optional keys without a value are commented out: what is read is only what is filled in or to fill.
    expect(Object.keys(read(text))).toEqual([
      'baseUrl',
      'ca',
      'provider',
      'redirectUri',
      'nokRedirectUri',
      'psu',
      'ibans',
      'amounts',
      'sca',
      'revocationCallback',
    ]);
  });

  it('fills a template’s certificates from a certificate folder, so the first key left is the customer', () => {
    const text = renderTemplate({ target: 'https://bank.example:8443', certs, extra: {}, relative });
    expect(read(text)).toMatchObject({ ca: 'certs/ca.crt', provider: { cert: 'certs/tpp.crt', key: 'certs/tpp.key' } });
    expect(refusal(text)).toMatch(/^bank\.json: "psu\.id" is still the template's placeholder/);
  });

  it('writes a sandbox’s config that the kit accepts as it is, with the control API acting as the customer', () => {
    const text = renderSandboxConfig({
      target: 'https://localhost:8443',
      controlUrl: 'http://localhost:8080/sandbox',
      controlToken: 't0k3n',
      certs,
      extra: { secondProvider: { cert: '/bank/certs/second.crt', key: '/bank/certs/second.key' } },
      chosen: {
        psu: { id: 'anna', password: 'anna-1234' },
        otherPsu: undefined,
        ibans: {
          main: 'DE12123456780000100001',
          second: 'DE82123456780000100002',
          notHeld: 'DE17123456780000109999',
          creditor: 'DE89370400440532013000',
        },
        amounts: { small: '1.25', beyondBalance: '3450.00' },
      },
      relative,
    });
    const config = parseRemoteConfig(read(text), 'bank.json');
    expect(config).toMatchObject({
      baseUrl: 'https://localhost:8443',
      ca: 'certs/ca.crt',
      secondProvider: { cert: 'certs/second.crt', key: 'certs/second.key' },
      psu: { id: 'anna', password: 'anna-1234' },
      controlUrl: 'http://localhost:8080/sandbox',
      controlToken: 't0k3n',
      capabilities: ['clock', 'control'],
      revocationCallback: true,
    });
    expect(config).not.toHaveProperty('otherPsu');
    expect(scaOf(config)).toEqual({ driver: 'control' });
  });
});
