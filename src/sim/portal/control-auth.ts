/**
 * `--control-token`: when set, every control call needs `Authorization: Bearer <token>`
 * (docs/control-api.md). Compared in constant time over digests, so neither content nor
 * length leaks through timing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { XsError } from '../../contract/index.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function controlAuth(token: string | undefined): RequestHandler {
  if (token === undefined) return (_req, _res, next) => next();
  const expected = digest(`Bearer ${token}`);
  return (req, _res, next) => {
    const given = req.headers.authorization ?? '';
    if (!timingSafeEqual(digest(given), expected)) {
      throw new XsError('TOKEN_INVALID', {
        headers: { 'WWW-Authenticate': 'Bearer realm="xs2a-kit sandbox control"' },
      });
    }
    next();
  };
}
