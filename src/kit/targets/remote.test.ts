import { describe, expect, it } from 'vitest';
import { remoteConfig } from '../../../test/helpers/remote-config.js';
import { ConfigError } from '../config-error.js';
import { parseRemoteConfig, remoteTarget, scaOf } from './remote.js';

const minimal = remoteConfig('.');

describe('the SCA driver of a remote config', () => {
  it('is a person without a control API, and the control API where the config gives one', () => {
    expect(scaOf(parseRemoteConfig(minimal, 'bank.json'))).toEqual({ driver: 'manual' });
    expect(scaOf(parseRemoteConfig({ ...minimal, controlUrl: 'http://localhost:8080/sandbox' }, 'bank.json'))).toEqual({
      driver: 'control',
    });
  });

  it('is what the config says when it says one', () => {
    const config = parseRemoteConfig(
      { ...minimal, controlUrl: 'http://localhost:8080/sandbox', sca: { driver: 'browser' } },
      'bank.json',
    );
    expect(scaOf(config).driver).toBe('browser');
  });

  it('refuses the control driver without a control API, naming sca.driver', () => {
    expect(() => parseRemoteConfig({ ...minimal, sca: { driver: 'control' } }, 'bank.json')).toThrow(
      'bank.json: "sca.driver": the control driver acts through a control API: give "controlUrl" too',
    );
  });

  it('refuses --sca control for a config without a control API, before any file is read', async () => {
    const building = remoteTarget({
      baseUrl: 'https://bank.example:8443',
      configFile: 'no-such-folder/bank.json',
      config: parseRemoteConfig(minimal, 'bank.json'),
      scaDriver: 'control',
      say: () => {},
    });
    await expect(building).rejects.toBeInstanceOf(ConfigError);
    await expect(building).rejects.toThrow(
      'the control SCA driver acts through a control API: give "controlUrl" in the config',
    );
  });
});
