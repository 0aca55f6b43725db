/**
 * The `state` of a new authorisation (spec "Authorisation hand-over" 1): a new UUID v4 for every
 * authorisation, never reused. With the `opaqueState` option it is a random token that is no UUID
 * instead: the interface only warns that the format may change ("Versioning" 5), so a client that
 * validates `state` rather than comparing it breaks at once, visibly, against this sandbox.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Behaviour } from '../../profile.js';

export function newState(behaviour: Pick<Behaviour, 'opaqueState'>): string {
  // 18 random bytes as base64url: 24 characters that need no escaping in a query, never a UUID's shape.
  return behaviour.opaqueState ? `st_${randomBytes(18).toString('base64url')}` : randomUUID();
}
