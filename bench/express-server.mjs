/**
 * Reference for the balances benchmark: the smallest express 5 app (JSON parser, one router, one
 * route) over the same mutual-TLS server, answering the same JSON. Shows what the framework alone
 * costs against bare node:https. Prints its port. argv: CERTS_DIR BODY_FILE
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join } from 'node:path';
import express from 'express';
const [dir, bodyFile] = process.argv.slice(2);
const body = JSON.parse(readFileSync(bodyFile, 'utf8'));
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.use(express.json());
const r = express.Router();
r.get('/accounts/:id/balances', (req, res) => res.json(body));
app.use('/v1', r);
const server = createServer(
  {
    key: readFileSync(join(dir, 'server.key')),
    cert: readFileSync(join(dir, 'server.crt')),
    ca: readFileSync(join(dir, 'ca.crt')),
    requestCert: true,
    rejectUnauthorized: false,
  },
  app,
);
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
