/**
 * The baseline for the balances benchmark: a bare node:https server with the same mutual-TLS
 * settings as the simulator that answers every request with a fixed JSON body. Prints its port.
 * argv: CERTS_DIR BODY_FILE
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join } from 'node:path';

const [dir, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const server = createServer(
  {
    key: readFileSync(join(dir, 'server.key')),
    cert: readFileSync(join(dir, 'server.crt')),
    ca: readFileSync(join(dir, 'ca.crt')),
    requestCert: true,
    rejectUnauthorized: false,
    minVersion: 'TLSv1.2',
  },
  (req, res) => {
    const id = req.headers['x-request-id'];
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': body.length,
      ...(typeof id === 'string' ? { 'X-Request-ID': id } : {}),
    });
    res.end(body);
  },
);
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
