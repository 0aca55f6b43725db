/** `demo --world`: refused before anything starts when it cannot be honoured, with one line and exit 2. */
import { expect, it } from 'vitest';
import { xs2aKit } from '../helpers/cli.js';
import { certificateFolder } from '../helpers/sandbox.js';

it('refuses --world without --worlds organisation, and an identifier of the wrong form', async () => {
  const certs = await certificateFolder();
  const shared = await xs2aKit(['demo', '--certs', certs, '--world', 'PSDDE-BAFIN-777001']);
  expect(shared.code).toBe(2);
  expect(shared.stderr).toBe(
    'xs2a-kit demo: --world needs --worlds organisation (with one world, there is nothing to choose).\n',
  );
  const malformed = await xs2aKit(['demo', '--certs', certs, '--worlds', 'organisation', '--world', 'bank-7']);
  expect(malformed.code).toBe(2);
  expect(malformed.stderr).toMatch(/^xs2a-kit demo: --world: Invalid organizationIdentifier "bank-7": expected PSD/);
  expect(malformed.stderr.trim().split('\n')).toHaveLength(1);
});
