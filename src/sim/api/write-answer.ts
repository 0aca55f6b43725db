/**
 * Writes a whole answer at once over node's response: the head to writeHead and the body with
 * end(), which node sends in a single write. The headers are the ones express wrote for res.json(),
 * res.send() and res.status(…).end(): Content-Length always (0 without a body), the content type
 * only with a body, neither on a 204; a HEAD answer gets the GET answer's head only. They go as one
 * flat list (name, value, name, value, …), which writeHead takes as it is: no object is reshaped
 * for every answer.
 */
import type { ServerResponse } from 'node:http';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers in the order they are written: name, value, name, value, … */
export type HeaderList = (string | number)[];

export interface Payload {
  /** The Content-Type of `text`. */
  type: string;
  text: string;
}

/** Writes the answer; `headers` gets the Content-Type and Content-Length it was written with. */
export function writeAnswer(
  res: ServerResponse,
  head: boolean,
  status: number,
  headers: HeaderList,
  payload: Payload | undefined,
): void {
  if (status === 204 || status === 304) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  if (payload) headers.push('Content-Type', payload.type, 'Content-Length', Buffer.byteLength(payload.text));
  else headers.push('Content-Length', 0);
  res.writeHead(status, headers);
  if (head || !payload) res.end();
  else res.end(payload.text);
}
