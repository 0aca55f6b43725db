/**
 * A target nothing listens at (port 9), for the kit's unit tests of runner, verdicts and reporters:
 * scenarios there never call it, and a call that slipped through would be refused at once.
 */
import type { Capability } from '../../src/kit/scenario.js';
import type { Target } from '../../src/kit/target.js';

export function fakeTarget(capabilities: Capability[] = [], more: Partial<Target> = {}): Target {
  return {
    name: 'fake bank',
    baseUrl: 'https://127.0.0.1:9',
    ca: '',
    provider: { cert: '', key: '' },
    fixtures: {
      redirectUri: 'https://tpp.example/ok',
      nokRedirectUri: 'https://tpp.example/nok',
      psu: { id: 'anna', password: 'anna-1234' },
      ibans: {
        main: 'DE12123456780000100001',
        second: 'DE82123456780000100002',
        notHeld: 'DE89370400440532013000',
        creditor: 'DE89370400440532013000',
      },
      amounts: { small: '1.00', beyondBalance: '9999.00' },
    },
    capabilities: new Set(capabilities),
    close: async () => {},
    ...more,
  };
}
