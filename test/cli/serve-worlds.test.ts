/** `serve --worlds organisation` runs a facility: its operator API is never left open. */
import { expect, it } from 'vitest';
import { xs2aKit } from '../helpers/cli.js';
import { certificateFolder } from '../helpers/sandbox.js';

it('refuses --worlds organisation without a control token, before anything listens', async () => {
  const certs = await certificateFolder();
  const refused = await xs2aKit([
    'serve',
    '--port',
    '0',
    '--portal-port',
    '0',
    '--certs',
    certs,
    '--worlds',
    'organisation',
  ]);
  expect(refused.code).toBe(1);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toBe(
    'xs2a-kit: invalid argument: --worlds organisation needs --control-token (or $XS2A_CONTROL_TOKEN): without one, anyone who reaches the customer surface could call the operator API and read every world.\n',
  );
});
