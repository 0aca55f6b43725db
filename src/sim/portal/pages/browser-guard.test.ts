import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { createBrowserGuard } from './browser-guard.js';

function fakeExchange(cookie?: string, body?: Record<string, unknown>) {
  const set: string[] = [];
  const req = { headers: cookie ? { cookie } : {}, body } as unknown as Request;
  const res = { append: (_name: string, value: string) => set.push(value) } as unknown as Response;
  return { req, res, set };
}

describe('browser guard', () => {
  const guard = createBrowserGuard(() => Buffer.alloc(32, 7));
  const browser = 'a'.repeat(32);

  it('gives a new browser an id cookie and keeps an existing one', () => {
    const fresh = fakeExchange();
    const id = guard.browserOf(fresh.req, fresh.res);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.set[0]).toContain(`xs2a_browser=${id}; HttpOnly; SameSite=Lax`);
    const known = fakeExchange(`xs2a_browser=${browser}`);
    expect(guard.browserOf(known.req, known.res)).toBe(browser);
    expect(known.set).toEqual([]);
  });

  it('accepts a form token only from the same browser and for the same purpose', () => {
    const token = guard.formToken(browser, 'sca:1');
    expect(guard.formIsGenuine(fakeExchange(`xs2a_browser=${browser}`, { csrf: token }).req, 'sca:1')).toBe(true);
    expect(guard.formIsGenuine(fakeExchange(`xs2a_browser=${'b'.repeat(32)}`, { csrf: token }).req, 'sca:1')).toBe(
      false,
    );
    expect(guard.formIsGenuine(fakeExchange(`xs2a_browser=${browser}`, { csrf: token }).req, 'sca:2')).toBe(false);
    expect(guard.formIsGenuine(fakeExchange(`xs2a_browser=${browser}`, {}).req, 'sca:1')).toBe(false);
    expect(guard.formIsGenuine(fakeExchange(undefined, { csrf: token }).req, 'sca:1')).toBe(false);
  });

  it('recognises the browser that logged in to an authorisation, and no other', () => {
    const login = fakeExchange();
    guard.markScaLogin(login.res, browser, 'auth-1', 'anna');
    const cookie = login.set[0]!.split(';')[0]!;
    expect(guard.isScaBrowser(fakeExchange(`xs2a_browser=${browser}; ${cookie}`).req, 'auth-1', 'anna')).toBe(true);
    expect(guard.isScaBrowser(fakeExchange(`xs2a_browser=${'c'.repeat(32)}; ${cookie}`).req, 'auth-1', 'anna')).toBe(
      false,
    );
    expect(guard.isScaBrowser(fakeExchange(`xs2a_browser=${browser}; ${cookie}`).req, 'auth-1', 'ben')).toBe(false);
  });

  it('keeps a portal login bound to its browser and refuses a forged one', () => {
    const login = fakeExchange();
    guard.portalLogin(login.res, browser, 'anna');
    const cookie = login.set[0]!.split(';')[0]!;
    expect(guard.portalCustomer(fakeExchange(`xs2a_browser=${browser}; ${cookie}`).req)).toBe('anna');
    expect(guard.portalCustomer(fakeExchange(`xs2a_browser=${browser}; xs2a_portal=ben.forged`).req)).toBeUndefined();
    expect(guard.portalCustomer(fakeExchange(`xs2a_browser=${'d'.repeat(32)}; ${cookie}`).req)).toBeUndefined();
  });
});
