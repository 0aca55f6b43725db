/**
 * Which world the customer portal of a sandbox of worlds shows a browser: the world whose SCA page
 * the browser last opened. The SCA page sets a cookie naming that world with an HMAC over it, under
 * a key every process of the facility shares (the default provider's world's key), so a customer
 * cannot choose another world by editing a URL or a cookie: only an SCA page of a world leads into
 * it, as the pages themselves find their world through their authorisation.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseCookies } from 'cookie';

const NAME = 'xs2a_world';

export interface WorldCookie {
  /** Names the world on the response (an SCA page of it was served). */
  set(res: ServerResponse, world: string): void;
  /** The world the request's cookie names, when its HMAC holds. */
  read(req: IncomingMessage): string | undefined;
}

export function worldCookie(key: () => string): WorldCookie {
  const mac = (world: string) => createHmac('sha256', key()).update(`world|${world}`).digest('base64url');
  return {
    set(res, world) {
      res.appendHeader(
        'Set-Cookie',
        `${NAME}=${encodeURIComponent(world)}.${mac(world)}; Path=/; HttpOnly; SameSite=Lax`,
      );
    },
    read(req) {
      const value = parseCookies(req.headers.cookie ?? '')[NAME];
      const dot = value?.lastIndexOf('.') ?? -1;
      if (value === undefined || dot < 1) return undefined;
      let world: string;
      try {
        world = decodeURIComponent(value.slice(0, dot));
      } catch {
        return undefined;
      }
      const given = Buffer.from(value.slice(dot + 1));
      const expected = Buffer.from(mac(world));
      return given.length === expected.length && timingSafeEqual(given, expected) ? world : undefined;
    },
  };
}
