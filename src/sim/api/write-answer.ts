/**
 * Writes a whole answer at once over node's response: the head as one object to writeHead and the
 * body with end(), which node sends in a single write. The headers are the ones express wrote for
 * res.json(), res.send() and res.status(…).end(): Content-Length always (0 without a body), the
 * content type only with a body, neither on a 204; a HEAD answer gets the GET answer's head only.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface Payload {
  /** The Content-Type of `text`. */
  type: string;
  text: string;
}

export function writeAnswer(
  res: ServerResponse,
  head: boolean,
  status: number,
  headers: OutgoingHttpHeaders,
  payload: Payload | undefined,
): void {
  if (status === 204 || status === 304) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  if (payload) {
    headers['Content-Type'] = payload.type;
    headers['Content-Length'] = Buffer.byteLength(payload.text);
  } else {
    headers['Content-Length'] = 0;
  }
  res.writeHead(status, headers);
  if (head || !payload) res.end();
  else res.end(payload.text);
}
