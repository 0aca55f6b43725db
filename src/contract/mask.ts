/**
 * The one masking policy of everything xs2a-kit keeps or prints about a request or an answer: the
 * sandbox's request journal, the client report (evidence and detail lines, its JSON, JUnit and HTML
 * files), serve's console lines, the terminal UI, and the conformance kit's reports. Reports end up
 * in CI logs and artefacts, and a hosted sandbox's journal is read over HTTP, so a log must never keep
 * what the bank itself does not:
 *
 * - card numbers are reduced to their last four digits: a field named like one (`cardNumber`, `pan`)
 *   whatever it holds, and anywhere else (query, headers, path, free text) a run of 13 to 19 digits,
 *   alone or in groups split by single spaces or dashes (`+` in a query or a form body), whose Luhn
 *   checksum holds (not in an IBAN: its shape, its country's length and its checksum; two letters
 *   and two digits before a card number make no IBAN). The interface keeps
 *   only the last four digits of a funds-confirmation consent's card number and none of a funds
 *   confirmation's (spec "FundsConfirmationConsentRequest", "FundsConfirmationRequest");
 * - credentials: `Authorization`, `Cookie` and other headers named for a token, secret, password or
 *   API key; fields and query parameters named `secret`, `password`, `otp`, `token`, `key` and the like,
 *   their words joined by `_`, `-` or nothing (`api_key`, `api-key`, `apiKey`);
 * - any PEM block (certificates and keys alike), also percent-encoded (`-----BEGIN%20…` in a query or
 *   a forwarded-certificate header) and with `+` for its spaces;
 * - the callback secret everywhere: a run of 64 hexadecimal digits is its shape (spec
 *   "RevocationCallback": "a hex string of 32 bytes"), so any run of 64 or more is masked whole,
 *   wherever it stands: after `0x` or a letter, or inside a longer run, it is still the secret.
 *
 * Percent-encoded text is decoded, masked and, when anything was masked, encoded again, so a secret
 * cannot pass in its encoded form. Everything here is pure and idempotent: masking twice changes nothing.
 */
import { ibanProblem } from './iban.js';

export const MASK = '***';
export const PEM_MASK = '[PEM masked]';

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** Header names that say they carry a credential (`X-Api-Key`, `X-Auth-Token`, `X-Callback-Secret`). */
const SECRET_HEADER_NAME = /token|secret|passw|api-?key|credential|session/i;
/** Secret fields and parameters; their words joined by `_`, `-` or nothing (`api_key`, `api-key`, `apiKey`). */
const SECRET_FIELD =
  /^(secret|password|passphrase|pin|otp|tan|cvv|cvc|csrf|key|private[-_]?key|client[-_]?secret|callback[-_]?secret|callback[-_]?key|token|control[-_]?token|access[-_]?token|refresh[-_]?token|api[-_]?key)$/i;
/** Fields, parameters and headers whose value is a card number whatever its shape. */
const CARD_FIELD = /^(x-)?(card[-_]?number|pan|primary[-_]?account[-_]?number)$/i;
/** A PEM block, or its beginning up to the end of the text when it is cut; the label may use `+` for spaces. */
const PEM_BLOCK = /-----BEGIN[^\r\n-]{0,100}-----[\s\S]*?(?:-----END[^\r\n-]{0,100}-----|$)/g;
/** 13–19 digits, alone or split by single spaces or dashes, not part of a longer run of digits. */
const CARD_RUN = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;
/**
 * The callback secret's shape, 64 hexadecimal digits: any run of 64 or more, masked whole, so that no
 * prefix (`0x`, a letter) or digits written around it let it through.
 */
const HEX_SECRET = /(?<![0-9A-Fa-f])[0-9a-fA-F]{64,}(?![0-9A-Fa-f])/g;
/** A stretch of text carrying a percent escape, between the separators of a URL, a header or a sentence. */
const ENCODED = /[^\s&=?#"'<>,;]*%[0-9A-Fa-f]{2}[^\s&=?#"'<>,;]*/g;

/** Luhn's checksum of a string of digits. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number reduced to its last four digits: every other digit a `*`, separators kept. */
export function lastFour(value: string): string {
  const digits = value.replace(/\D/g, '');
  // Already reduced (`************1111`): as it is, so that masking twice changes nothing.
  if (digits.length <= 4) return value.includes('*') ? value : digits.length === 0 ? MASK : '*'.repeat(digits.length);
  let left = digits.length - 4;
  let out = '';
  for (const char of value) {
    if (char >= '0' && char <= '9') {
      out += left > 0 ? '*' : char;
      left -= 1;
    } else if (char === ' ' || char === '-') out += char;
  }
  return out;
}

/** The letters and digits around `offset`: the word a run of digits stands in. */
function wordAt(text: string, offset: number, length: number): string {
  let start = offset;
  let end = offset + length;
  while (start > 0 && /[A-Za-z0-9]/.test(text[start - 1]!)) start -= 1;
  while (end < text.length && /[A-Za-z0-9]/.test(text[end]!)) end += 1;
  return text.slice(start, end);
}

/**
 * A run whose checksum holds, reduced unless it stands in an IBAN (interface "AccountReference"): its
 * digits are an account's. An IBAN's shape alone is not enough: any two letters and two digits before
 * a card number would keep it whole.
 */
function cardRun(run: string, offset: number, text: string): string {
  if (!luhn(run.replace(/\D/g, ''))) return run;
  return ibanProblem(wordAt(text, offset, run.length)) === undefined ? run : lastFour(run);
}

/** Percent-decodes leniently (`+` is a space; a malformed escape stays as written). */
function decoded(text: string): string {
  return text.replace(/\+/g, ' ').replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}

/** Whether a text may hold anything maskPlain masks: one scan, so that most texts (ids, names, amounts) cost one. */
const MAYBE =
  /-----BEGIN|\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d[ -]?\d|[0-9a-fA-F]{64}/;

function maskPlain(text: string): string {
  if (!MAYBE.test(text)) return text;
  return text.replace(PEM_BLOCK, PEM_MASK).replace(HEX_SECRET, MASK).replace(CARD_RUN, cardRun);
}

/** Free text (a header's value, a body that is not JSON, a detail line): what it carries, plain or percent-encoded. */
export function maskText(text: string, depth = 0): string {
  const plain = maskPlain(text);
  if (depth > 2 || !plain.includes('%')) return plain;
  return plain.replace(ENCODED, (stretch) => {
    const inner = decoded(stretch);
    const masked = maskText(inner, depth + 1);
    return masked === inner ? stretch : encodeURIComponent(masked);
  });
}

const opensPem = (text: string) => {
  const begin = text.lastIndexOf('-----BEGIN');
  return begin !== -1 && !text.includes('-----END', begin);
};

/** A value under a name (a JSON field, a query parameter, a header): a secret's name masks it whole. */
export function maskNamed(name: string, value: string): string {
  if (SECRET_FIELD.test(name)) return MASK;
  if (CARD_FIELD.test(name)) return lastFour(value);
  return maskText(value);
}

/**
 * A parameter's value (or a name) as sent: masked as it stands, then as it reads once decoded, since
 * `+` is a space there (`4111+1111+1111+1111` is a card number in groups); what is masked only once
 * decoded is percent-encoded again.
 */
function maskParameter(raw: string): string {
  const masked = maskText(raw);
  const plain = decoded(masked);
  const again = maskText(plain);
  return again === plain ? masked : encodeURIComponent(again);
}

/**
 * A query string (or a form body) as received: each parameter masked by its name and its value, and
 * the parameter kept encoded as it was when nothing in it is masked. A PEM block cut by a raw `&` or
 * `=` masks every parameter after it up to its END line.
 */
export function maskQuery(query: string): string {
  let open = false;
  return query
    .split('&')
    .map((pair) => {
      const text = decoded(pair);
      if (open) {
        open = !text.includes('-----END');
        return MASK;
      }
      open = opensPem(text);
      const equals = pair.indexOf('=');
      if (equals === -1) return maskParameter(pair);
      const rawName = pair.slice(0, equals);
      const name = decoded(rawName);
      const value = pair.slice(equals + 1);
      if (SECRET_FIELD.test(name)) return `${maskParameter(rawName)}=${MASK}`;
      if (CARD_FIELD.test(name)) return `${maskParameter(rawName)}=${encodeURIComponent(lastFour(decoded(value)))}`;
      return `${maskParameter(rawName)}=${maskParameter(value)}`;
    })
    .join('&');
}

/** A request target (`/path?query`), as the journal's `url` and a detail line's request line show it. */
export function maskTarget(path: string, query: string): string {
  const masked = maskText(path);
  return query === '' ? masked : `${masked}?${maskQuery(query)}`;
}

/** A URL or a request target as one text (`/v1/x?y=z`, `https://host/v1/x?y=z`). */
export function maskUrl(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? maskText(url) : maskTarget(url.slice(0, mark), url.slice(mark + 1));
}

/** Headers by name: credentials masked whole, card numbers reduced, every value masked as free text. */
export function maskHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const masked: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    const one = (text: string) =>
      SECRET_HEADERS.has(lower) || SECRET_HEADER_NAME.test(lower) ? MASK : maskNamed(lower, text);
    masked[maskText(name)] = Array.isArray(value) ? value.map(one) : one(value);
  }
  return masked;
}

/** A JSON value: secret fields masked whole, card-number fields reduced, every string and key masked as free text. */
export function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 1e12) {
    const text = String(value);
    // Past 2^53 a JSON number has lost its last digits, so its checksum says nothing: 13 to 19 digits are masked.
    if (!Number.isSafeInteger(value) && Math.abs(value) < 1e19) return lastFour(text);
    const masked = maskText(text);
    return masked === text ? value : masked;
  }
  if (Array.isArray(value)) return value.map(maskValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        maskText(key),
        SECRET_FIELD.test(key)
          ? MASK
          : CARD_FIELD.test(key) && (typeof inner === 'string' || typeof inner === 'number')
            ? lastFour(String(inner))
            : maskValue(inner),
      ]),
    );
  }
  return value;
}

/** A form body (`a=1&b=2`), told from free text by its shape. */
const FORM = /^[^=&\s]+=[^&\s]*(?:&[^=&\s]+=[^&\s]*)*$/;

/** A body as recorded: parsed JSON is masked field by field; a form body parameter by parameter; anything else as text. */
export function maskBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return maskValue(JSON.parse(text));
  } catch {
    return FORM.test(text) ? maskQuery(text) : maskText(text);
  }
}
