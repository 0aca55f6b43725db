/**
 * Records what the browser's navigations did, as the `forms` driver records its posts: method, URL,
 * status, headers (masked), and the posted fields with the customer's password, codes and form
 * tokens masked — by field name, and by value wherever a secret the script used appears.
 */
import type { Page } from 'playwright-core';
import type { Recorder } from '../exchange.js';
import { MASK, maskBody, maskHeaders } from '../mask.js';

const SECRET_FIELD = /pass|pin|otp|tan|code|csrf|token|secret/i;

export interface RecordOptions {
  isReturn(url: URL): boolean;
  /** Values to hide wherever they appear in a posted body (password, one-time code). */
  secrets(): string[];
}

export function maskPosted(body: string, contentType: string, secrets: readonly string[]): unknown {
  const hide = (text: string) =>
    secrets.filter((secret) => secret.length >= 3).reduce((out, secret) => out.split(secret).join(MASK), text);
  if (contentType.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(
      [...new URLSearchParams(body)].map(([key, value]) => [key, SECRET_FIELD.test(key) ? MASK : hide(value)]),
    );
  }
  return maskBody(hide(body));
}

export function recordNavigations(page: Page, record: Recorder, options: RecordOptions): void {
  page.on('response', (response) => {
    const request = response.request();
    const url = new URL(request.url());
    // The provider's redirect URI is answered by the driver itself: no exchange with the bank.
    if (!request.isNavigationRequest() || options.isReturn(url)) return;
    const requestHeaders = request.headers();
    const posted = request.postData();
    record({
      actor: 'customer (browser)',
      method: request.method(),
      url: url.pathname + url.search,
      requestHeaders: maskHeaders(requestHeaders),
      requestBody:
        posted === null ? undefined : maskPosted(posted, requestHeaders['content-type'] ?? '', options.secrets()),
      status: response.status(),
      headers: maskHeaders(response.headers()),
      body: `[${response.headers()['content-type'] ?? 'untyped'} page]`,
      durationMs: Math.max(0, Math.round(request.timing().responseStart)),
    });
  });
}
