import { expect, it } from 'vitest';
import { ListenError } from '../sim/servers.js';
import { withPortHint } from './port-hint.js';

it('names --port for a busy API port and --portal-port beside it', () => {
  const busy = new ListenError(
    'The XS2A API cannot listen on 127.0.0.1:8443: port 8443 is already in use.',
    'port',
    8443,
    true,
  );
  expect((withPortHint(busy) as Error).message).toBe(
    'The XS2A API cannot listen on 127.0.0.1:8443: port 8443 is already in use. Another sandbox may be running: ' +
      'start this one elsewhere with --port N (and --portal-port N for the customer surface; 0 picks a free port).',
  );
});

it('names --portal-port for a busy customer-surface port', () => {
  const busy = new ListenError(
    'The customer surface cannot listen on 127.0.0.1:8080: port 8080 is already in use.',
    'portalPort',
    8080,
    true,
  );
  expect((withPortHint(busy) as Error).message).toContain(
    'start this one elsewhere with --portal-port N (and --port N for the XS2A API;',
  );
});

it('leaves other errors as they are', () => {
  const denied = new ListenError('The XS2A API cannot listen on 127.0.0.1:443: permission denied.', 'port', 443, false);
  expect(withPortHint(denied)).toBe(denied);
  const other = new Error('x');
  expect(withPortHint(other)).toBe(other);
});
