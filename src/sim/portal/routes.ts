/**
 * A route table mounted as one express router (the customer surface). Each path also answers
 * every other method with 405 METHOD_NOT_ALLOWED and an Allow header, so a wrong method is told
 * apart from a wrong path. The XS2A API matches the same way without express (api/router.ts, over
 * the contract's path matcher, which also gives the Allow header); both answer the same 404.
 */
import express, { type Request, type RequestHandler, type Router } from 'express';
import { XsError } from '../../contract/index.js';
import { allowHeader, type RouteMethod } from '../../contract/path-router.js';
import { unknownResource } from '../http/error-envelope.js';

export type Method = RouteMethod;

export interface Route {
  method: Method;
  path: string;
  /** Checks run before the handler, e.g. the role a provider needs. */
  guards?: RequestHandler[];
  handler: RequestHandler;
}

export function routeTable(routes: readonly Route[]): Router {
  const router = express.Router();
  const paths = new Map<string, Route[]>();
  for (const route of routes) paths.set(route.path, [...(paths.get(route.path) ?? []), route]);
  for (const [path, group] of paths) {
    const chain = router.route(path);
    for (const route of group) chain[route.method](...(route.guards ?? []), route.handler);
    const allow = allowHeader(group.map((route) => route.method));
    chain.all(() => {
      throw new XsError('METHOD_NOT_ALLOWED', { headers: { Allow: allow } });
    });
  }
  return router;
}

export const notFound: RequestHandler = (req) => {
  throw unknownResource(req.method, req.path);
};

/** A named path parameter as a string (express 5 types wildcard parameters as arrays; ours are plain). */
export function param(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
}
