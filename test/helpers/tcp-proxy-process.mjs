// The relay of tcp-proxy.ts, in a process of its own: a sandbox in the test's process waits for its
// database with the event loop blocked, so a relay in that process could never pass its bytes on.
// argv: TARGET_HOST TARGET_PORT. Prints `listening PORT`; IPC messages `cut` and `restore` answer `done`.
import { connect, createServer } from 'node:net';

const [host, targetPort] = [process.argv[2], Number(process.argv[3])];
const sockets = new Set();
let server;

function listen(port) {
  return new Promise((resolve) => {
    server = createServer((client) => {
      const upstream = connect(targetPort, host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    server.listen(port, '127.0.0.1', () => resolve(server.address().port));
  });
}

const port = await listen(0);
process.stdout.write(`listening ${port}\n`);
process.on('message', async (message) => {
  if (message === 'cut') {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  } else if (message === 'restore') await listen(port);
  process.send('done');
});
process.on('disconnect', () => process.exit(0));
