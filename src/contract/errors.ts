/**
 * The error catalog: every code the interface answers with, once, with its HTTP status.
 * Spec "Errors": branch on `code` and `path`, never on `text`. Where the spec leaves a status
 * "not shown" (rule 5), the choice is recorded in the Interpretations table (docs/interpretations.md).
 */
export const ERROR_CATALOG = {
  CERTIFICATE_MISSING: { status: 401, text: 'No valid client certificate was presented.' },
  ROLE_INVALID: { status: 403, text: 'The certificate does not carry the role this service needs.' },
  CONSENT_UNKNOWN: { status: 403, text: 'The consent is unknown.' },
  CONSENT_INVALID: { status: 401, text: 'The consent cannot be used for this request.' },
  CONSENT_EXPIRED: { status: 401, text: 'The consent has expired.' },
  FORMAT_ERROR: { status: 400, text: 'The request is malformed.' },
  SERVICE_INVALID: { status: 400, text: 'The requested service is not offered.' },
  PRODUCT_INVALID: { status: 400, text: 'Only EUR payments are offered.' },
  // Spec "Payments" rule 4: every initiation failure answers one fixed sentence.
  PAYMENT_FAILED: { status: 400, text: 'The payment could not be initiated.', fixedText: true },
  CANCELLATION_INVALID: { status: 405, text: 'The payment can no longer be cancelled.' },
  REQUEST_ID_REUSED: { status: 409, text: 'This X-Request-ID was already used with a different payment.' },
  ACCESS_EXCEEDED: { status: 429, text: 'The daily limit of unattended accesses has been reached.' },
  INTERNAL_SERVER_ERROR: { status: 500, text: 'Internal server error.' },
  // The spec gives a 404 without a code (payments, authorisations, revocation callback, unknown
  // routes); Berlin Group's own code for it is RESOURCE_UNKNOWN.
  RESOURCE_UNKNOWN: { status: 404, text: 'No such resource.' },
  // The spec reserves 405 for CANCELLATION_INVALID and is silent on a wrong HTTP method.
  METHOD_NOT_ALLOWED: { status: 405, text: 'This method is not allowed on this resource.' },
  // Customer-surface control API only (docs/control-api.md: refused with 401 when the token does not match).
  TOKEN_INVALID: {
    status: 401,
    text: 'The control API needs the Authorization: Bearer token given with --control-token.',
  },
  // Customer surface only: another web page's request (cross-site, or a rebinding page's Host).
  ORIGIN_NOT_ALLOWED: { status: 403, text: 'Cross-site use of the control API is refused.' },
  HOST_NOT_ALLOWED: { status: 403, text: 'This Host is not a name of this sandbox.' },
} as const satisfies Record<string, { status: number; text: string; fixedText?: boolean }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export interface TppMessage {
  category: 'ERROR' | 'WARNING';
  code: string;
  path?: string;
  text?: string;
}

export interface TppMessagesBody {
  tppMessages: TppMessage[];
}

export interface XsErrorOptions {
  /** Dot-notated location of the offending field in the request body. */
  path?: string;
  text?: string;
  /** Extra response headers, e.g. Retry-After on 429 or Allow on 405. */
  headers?: Record<string, string>;
  /**
   * A status fixed by the case, over the catalog's and over a bank profile's: an unknown account on
   * account-data reads is `RESOURCE_UNKNOWN` 403 (those rows have no 404); a withdrawn provider is
   * `ROLE_INVALID` 403 (the 403 class is "registration does not permit").
   */
  status?: number;
}

/** Thrown by domain code and handlers; one error middleware turns it into the envelope. */
export class XsError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** The status the case fixed (XsErrorOptions.status), which no bank profile changes. */
  readonly fixedStatus: number | undefined;
  readonly path: string | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: XsErrorOptions = {}) {
    const entry: { text: string; fixedText?: boolean } = ERROR_CATALOG[code];
    super(entry.fixedText ? entry.text : (options.text ?? entry.text));
    this.name = 'XsError';
    this.code = code;
    this.status = options.status ?? ERROR_CATALOG[code].status;
    this.fixedStatus = options.status;
    this.path = options.path;
    this.headers = options.headers ?? {};
  }
}

/** The spec's TppMessages envelope, with `path` only when a specific field is at fault. */
export function errorBody(code: ErrorCode, options: { path?: string; text?: string } = {}): TppMessagesBody {
  const entry: { text: string; fixedText?: boolean } = ERROR_CATALOG[code];
  const message: TppMessage = { category: 'ERROR', code };
  if (options.path !== undefined) message.path = options.path;
  message.text = entry.fixedText ? entry.text : (options.text ?? entry.text);
  return { tppMessages: [message] };
}
