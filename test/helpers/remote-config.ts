/** A remote config that works against a sandbox of the fixture customers: the base the kit's tests break one key of. */
import { join } from 'node:path';

export function remoteConfig(certs: string, more: Record<string, unknown> = {}): Record<string, any> {
  return {
    ca: join(certs, 'ca.crt'),
    provider: { cert: join(certs, 'tpp.crt'), key: join(certs, 'tpp.key') },
    redirectUri: 'https://tpp.example/xs2a/ok',
    nokRedirectUri: 'https://tpp.example/xs2a/nok',
    psu: { id: 'anna', password: 'anna-1234' },
    ibans: {
      main: 'DE12123456780000100001',
      second: 'DE82123456780000100002',
      notHeld: 'DE89370400440532013000',
      creditor: 'DE89370400440532013000',
    },
    amounts: { small: '1.25', beyondBalance: '9999.00' },
    ...more,
  };
}
