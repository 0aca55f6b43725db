/**
 * The baseline for the balances benchmark: a bare node:https server with the same mutual-TLS
 * settings as the simulator that answers every request with a fixed JSON body. Prints its port.
 * argv: CERTS_DIR BODY_FILE
 */
import { readFileSync } from 'node:fs';
import { bareServer } from './lib.mjs';

const [dir, bodyFile] = process.argv.slice(2);
const server = bareServer(dir, readFileSync(bodyFile));
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
