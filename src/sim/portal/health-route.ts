/**
 * `GET /sandbox/health`: readiness for a CI job or a container probe, which poll until it answers
 * 200. The customer surface listens only after the XS2A API does, so an answer here means both
 * listen. It needs no control token (a probe usually cannot send one) and tells nothing but that.
 */
import type { RequestHandler } from 'express';
import type { Route } from './routes.js';

export const health: RequestHandler = (_req, res) => {
  res.set('Cache-Control', 'no-store').json({ status: 'ready' });
};

/** In the control route table too, so another method is told 405 with Allow (after the token). */
export const healthRoute: Route = { method: 'get', path: '/health', handler: health };
