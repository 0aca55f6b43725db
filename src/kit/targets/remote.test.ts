import { describe, expect, it } from 'vitest';
import { remoteConfig } from '../../../test/helpers/remote-config.js';
import { parseRemoteConfig, scaOf } from './remote.js';

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
      'bank.json: sca.driver: the control driver acts through a control API: give "controlUrl" too',
    );
  });
});
