import { expect } from 'vitest';
/** A cookie-keeping HTTP client for the customer surface's HTML forms (what a browser does, minus the browser). */
export interface FormAnswer {
  status: number;
  location: string | null;
  text: string;
}

export function formClient(base: string) {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/Max-Age=0/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const send = async (path: string, init: RequestInit = {}): Promise<FormAnswer> => {
    const res = await fetch(new URL(path, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(res);
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  };
  return {
    jar,
    get: (path: string) => send(path),
    post: (path: string, fields: Record<string, string>) =>
      send(path, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
  };
}

/** The hidden and named fields of the first form on a page. */
export function formFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g))
    fields[match[1]!] = match[2]!;
  return fields;
}

/**
 * A customer on the SCA page of `link` (an scaRedirect): logs in as `psuId` and enters the code the
 * test phone shows; the browser ends on the review step, which is answered.
 */
export async function throughCode(
  browser: ReturnType<typeof formClient>,
  link: URL,
  authorisationId: string,
  psu: { psuId: string; password: string } = { psuId: 'anna', password: 'anna-1234' },
): Promise<FormAnswer> {
  const login = await browser.get(link.pathname + link.search);
  expect(login.status).toBe(200);
  const loggedIn = await browser.post(`/sca/${authorisationId}/login`, { ...formFields(login.text), ...psu });
  expect(loggedIn.status).toBe(303);
  const codePage = await browser.get(loggedIn.location!);
  const code = /data-testid="sms-code">(\d{6})</.exec(codePage.text)![1]!;
  const confirmed = await browser.post(`/sca/${authorisationId}/code`, { ...formFields(codePage.text), otp: code });
  return browser.get(confirmed.location!);
}
