/**
 * JSON only (spec "Endpoints": every request and response body is JSON). A body in another
 * content type, malformed JSON or a body over the limit is a 400 FORMAT_ERROR envelope; the
 * spec does not show a size limit, so 64 KiB is chosen (far above any body of the interface).
 */
import express, { type RequestHandler } from 'express';
import { XsError } from '../../contract/index.js';

export const BODY_LIMIT_BYTES = 64 * 1024;

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

const requireJson: RequestHandler = (req, _res, next) => {
  if (hasBody(req.headers) && !req.is('application/json')) {
    throw new XsError('FORMAT_ERROR', { text: 'Request bodies are JSON: send Content-Type: application/json.' });
  }
  next();
};

export function jsonBody(): RequestHandler[] {
  return [requireJson, express.json({ limit: BODY_LIMIT_BYTES, strict: true })];
}
