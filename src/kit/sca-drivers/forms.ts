/**
 * The `sim` SCA driver: drives the bank's SCA page with plain HTTP form posts exactly as a browser
 * would — follows the scaRedirect, keeps cookies, copies the hidden fields (`csrf`, `state`), logs in
 * with User ID and Password, reads the six-digit code from the page's test phone
 * (`data-testid="sms-code"`), posts it, then posts the decision. It returns the Location the bank
 * sends the customer to (the provider's redirect URI with `state`, spec "Authorisation hand-over" 2).
 * Asked for wrong codes first, it posts each (the right code with every digit moved by one) until
 * the page stops asking for a code. It answers the visible text of the page the decision was
 * posted from: what the customer saw before deciding.
 */
import { fail } from '../failure.js';
import { maskHeaders } from '../mask.js';
import type { Recorder } from '../exchange.js';
import type { ScaDriver, ScaRequest } from '../target.js';
import { firstForm, visibleText, type HtmlForm } from './html-form.js';

interface Page {
  status: number;
  location: string | null;
  url: URL;
  text: string;
}

function browser(record: Recorder) {
  const jar = new Map<string, string>();
  const send = async (url: URL, init: { method: string; fields?: Record<string, string> }): Promise<Page> => {
    const started = performance.now();
    const headers: Record<string, string> = { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (init.fields) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, {
      method: init.method,
      redirect: 'manual',
      headers,
      ...(init.fields ? { body: new URLSearchParams(init.fields).toString() } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const index = pair.indexOf('=');
      if (/Max-Age=0/i.test(cookie)) jar.delete(pair.slice(0, index));
      else jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const text = await res.text();
    record({
      actor: 'customer',
      method: init.method,
      url: url.pathname + url.search,
      requestHeaders: maskHeaders(headers),
      // The customer's password, code and form token are secrets of the page, never reported.
      requestBody: init.fields
        ? Object.fromEntries(
            Object.keys(init.fields).map((key) => [key, /password|otp|csrf/i.test(key) ? '***' : init.fields![key]]),
          )
        : undefined,
      status: res.status,
      headers: maskHeaders(Object.fromEntries(res.headers)),
      body: `[HTML page, ${text.length} characters]`,
      durationMs: Math.round(performance.now() - started),
    });
    return { status: res.status, location: res.headers.get('location'), url, text };
  };
  return {
    get: (url: URL) => send(url, { method: 'GET' }),
    submit: (page: Page, form: HtmlForm, fields: Record<string, string>) =>
      send(new URL(form.action, page.url), { method: 'POST', fields: { ...form.hidden, ...fields } }),
  };
}

/** A code that is surely wrong: every digit of the right one moved by one. */
function wrongCode(code: string): string {
  return code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
}

function formOf(page: Page, step: string): HtmlForm {
  const form = firstForm(page.text);
  if (!form) fail(`SCA page: no form at the ${step} step (${page.url.pathname}, status ${page.status})`);
  return form;
}

export function formsScaDriver(): ScaDriver {
  return {
    name: 'forms',
    wrongCodes: true,
    readsReviewPage: true,
    async authorise(request: ScaRequest) {
      const b = browser(request.record);
      const follow = async (answer: Page, step: string) => {
        if (!answer.location) fail(`SCA page: the ${step} step answered ${answer.status} without a redirect`);
        return b.get(new URL(answer.location, answer.url));
      };
      const login = await b.get(new URL(request.scaRedirect));
      const loginForm = formOf(login, 'login');
      const user = loginForm.byLabel['User ID'];
      const password = loginForm.byLabel['Password'];
      if (!user || !password) fail('SCA page: no "User ID" and "Password" fields on the login step');
      const codePage = await follow(
        await b.submit(login, loginForm, { [user]: request.psu.id, [password]: request.psu.password }),
        'login',
      );
      const code = /data-testid="sms-code"[^>]*>\s*(\d{6})\s*</.exec(codePage.text)?.[1];
      if (!code) fail('SCA page: no six-digit code on the test phone (data-testid="sms-code") after login');
      const codeForm = formOf(codePage, 'code');
      const enter = (page: Page, value: string) => {
        const form = formOf(page, 'code');
        return b.submit(page, form, { [form.inputs[0] ?? 'otp']: value });
      };
      // The page asks for a code while it shows the form the code was first entered in.
      const asksForCode = (page: Page) => firstForm(page.text)?.action === codeForm.action;
      let asking = codePage;
      for (let entered = 0; entered < (request.wrongCodes ?? 0); entered += 1) {
        const next = await follow(await enter(asking, wrongCode(code)), 'wrong code');
        // The bank ended the ceremony: nothing more to enter or decide, and no provider address to follow.
        if (!asksForCode(next)) return { location: null };
        asking = next;
      }
      const review = await follow(await enter(asking, code), 'code');
      const decided = await b.submit(review, formOf(review, 'review'), { decision: request.decision });
      return { location: decided.location, reviewText: visibleText(review.text) };
    },
  };
}
