/** `serve` and `demo` on a port another program holds: say which flag starts the sandbox elsewhere. */
import { ListenError } from '../sim/servers.js';

const FLAGS = { port: ['--port', 'the XS2A API'], portalPort: ['--portal-port', 'the customer surface'] } as const;

/** The error to print: a port in use gets the flags to choose others; anything else as it is. */
export function withPortHint(error: unknown): unknown {
  if (!(error instanceof ListenError) || !error.inUse) return error;
  const [flag] = FLAGS[error.option];
  const [otherFlag, other] = FLAGS[error.option === 'port' ? 'portalPort' : 'port'];
  return new Error(
    `${error.message} Another sandbox may be running: start this one elsewhere with ${flag} N ` +
      `(and ${otherFlag} N for ${other}; 0 picks a free port).`,
  );
}
