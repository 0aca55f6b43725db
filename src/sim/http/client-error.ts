/**
 * Requests node's HTTP parser refuses before express sees them (oversized headers, broken
 * request lines) still get the envelope instead of node's bare status line.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from '../../contract/index.js';

export function answerParserErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(errorBody('FORMAT_ERROR', { text: 'The HTTP request could not be parsed.' }));
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
