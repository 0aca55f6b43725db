/** The control API's bodies, read by the same reader as the XS2A API's (http/json-body.ts), as express middleware (`req.body`). */
import type { RequestHandler } from 'express';
import { jsonBodyReader } from '../http/json-body.js';

export function jsonBody(): RequestHandler {
  const read = jsonBodyReader();
  return (req, _res, next) => {
    const reading = read(req);
    if (!reading) return next();
    reading.then((body) => {
      req.body = body.value;
      next();
    }, next);
  };
}
