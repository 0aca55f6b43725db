/**
 * The client rules: what the interface asks of a TPP's client, as data, the mirror of the bank
 * rules the conformance kit holds a bank to. Each is one rule the sandbox can judge from the
 * exchanges it answered and the changes it made (the client judge, ./judge.ts), citing the section
 * of the interface it comes from. Ids are stable: never renumbered, never reused.
 *
 * Each rule quotes the interface's sentence it stands on (`cites`) and asks no more: a habit the
 * interface does not require is advice (CLIENT_ADVICE), reported apart as a hint.
 *
 * A statement says exactly what is judged, including what counts as "unchanged" and "nothing has
 * changed", so a well-behaved client (polling a consent's status while the customer decides,
 * reading data once approved, retrying a 5xx after its Retry-After) never meets a finding.
 */

/** critical: costs money or leaks data at a real bank; major: costs access or budget; minor: a request the bank can only refuse. */
export type ClientSeverity = 'critical' | 'major' | 'minor';

export interface ClientRule {
  readonly id: string;
  readonly statement: string;
  /** The interface's section (and item) the rule comes from. */
  readonly section: string;
  /** The interface's own sentence(s) the rule stands on, quoted: a rule asks nothing they do not. */
  readonly cites: string;
  readonly severity: ClientSeverity;
}

/**
 * Advice: a habit stricter than the interface (a new X-Request-ID per request, a minimum pause
 * after a failure that named none). Reported apart, as a hint: never a finding, never a failed CI run.
 */
export interface ClientAdvice {
  readonly id: string;
  readonly statement: string;
  /** Why it is advice and not a rule: what the interface says, and what it leaves open. */
  readonly why: string;
}

export const CLIENT_RULES = [
  {
    id: 'CLIENT-RETRY-4XX',
    section: 'Errors: Rules 2',
    cites:
      'Errors, Rules 2: \u201cA 4xx means the request was understood and refused; retrying gives the same refusal and spends access budget.\u201d',
    severity: 'major',
    statement:
      'A request refused with a 4xx is not sent again unchanged while nothing that decides the answer has changed. Unchanged: the same method, path, query and body (JSON compared by value), the same `Consent-ID`, `TPP-Redirect-URI` and `TPP-NOK-Redirect-URI`, `PSU-IP-Address` sent or not as before, and, on a payment initiation only, the same `X-Request-ID` (there it is the idempotency key; elsewhere a new one changes nothing). Changed: in between, the consent, payment or authorisation the request names (or an authorisation of it) changed status (the customer approved, declined, revoked or confirmed a payee; time expired it), money moved on the debtor account of a payment initiation, the provider was registered again, or the sandbox clock passed a UTC midnight (daily budgets and limits start again). A 429 and the consent codes have their own rules (CLIENT-RETRY-AFTER, CLIENT-CONSENT-ENDED); a malformed request sent again is judged here, not again as malformed. A request refused for its `X-Request-ID` alone and sent again with a valid one is changed. Only a refusal that left before the request arrived counts. A 404 of `GET /v1/revocation-callback` is the normal state when none is registered (Behaviour notes: Revocation callback 2), not a refusal: reading it again is advice (ADVICE-CALLBACK-READ).',
  },
  {
    id: 'CLIENT-RETRY-AFTER',
    section: 'Errors: Rules 4; Limits',
    cites:
      'Errors, Rules 4: \u201c429 carries Retry-After (seconds) and the rate-limit headers; retrying sooner cannot succeed.\u201d',
    severity: 'major',
    statement:
      'After a 429, nothing is sent for the same consent and data type (accounts, balances, transactions, funds confirmation), or for the same operation when the 429 came from an operation without a budget, before its `Retry-After` has passed on the sandbox clock. An attended request (with `PSU-IP-Address`) after an unattended request met the 429 is not held to it: attended requests are uncapped.',
  },
  {
    id: 'CLIENT-RATE-REMAINING',
    section: 'Limits',
    cites:
      'Limits: \u201cX-RateLimit-Remaining \u2026 Unattended accesses left for this data type today\u201d; \u201cX-RateLimit-Reset \u2026 Unix timestamp of the next reset\u201d.',
    severity: 'major',
    statement:
      'After a successful answer reported `X-RateLimit-Remaining: 0` for a consent and data type, no unattended request (without `PSU-IP-Address`) is sent for them before the `X-RateLimit-Reset` it reported: such a request can only meet a 429.',
  },
  {
    id: 'CLIENT-BACKOFF',
    section: 'Errors: Rules 2-3',
    cites:
      'Errors, Rules 2: \u201conly 5xx and connection failures are retryable (after a backoff)\u201d; Limits: \u201cRetry-After \u2026 Seconds to wait\u201d.',
    severity: 'major',
    statement:
      'A request that met a 5xx or a broken connection is sent again only after a backoff: not before the `Retry-After` that answer named (sandbox clock, from the moment the answer left). A request sent before that answer left (a resend after the client\u2019s own time-out) is not judged against it. Without a `Retry-After` the interface does not say how long a backoff is: a resend within 500 ms is advice (ADVICE-BACKOFF), not a finding. The same request: the same method, path, query, body (by value), `Consent-ID` and, on a payment initiation, `X-Request-ID`.',
  },
  {
    id: 'CLIENT-PAYMENT-KEY',
    section: 'Behaviour notes: Payments 6; Errors: Rules 2',
    cites:
      'Request headers: X-Request-ID is the \u201cIdempotency key on payment initiation\u201d; Behaviour notes, Payments 6: \u201csame key, same body: returns the first payment\u201d; Errors, Rules 2: \u201conly 5xx and connection failures are retryable\u201d.',
    severity: 'critical',
    statement:
      'A payment initiation whose outcome the client does not know is repeated under the same `X-Request-ID`, its idempotency key. The outcome is unknown while that key has no answer other than a 5xx or a broken connection that left before the resend arrived: after a 5xx, after a lost answer, and after the client\u2019s own time-out (a resend sent while the first was still unanswered). A second initiation of the same payment (debtor, creditor, amount and currency compared as values, so "33.10" is "33.1", and remittance) under a new `X-Request-ID` within the first key\u2019s 48 hours is then a double payment at a real bank.',
  },
  {
    id: 'CLIENT-REQUEST-ID-FORM',
    section: 'Request headers',
    cites: 'Request headers: X-Request-ID, required on \u201cevery request\u201d, \u201cUUID\u201d.',
    severity: 'minor',
    statement:
      'Every request carries `X-Request-ID` once, as a UUID, whether or not the bank refuses a request without one (a bank may serve it; the interface still requires it).',
  },
  {
    id: 'CLIENT-REQUEST-ID-NEW',
    section: 'Request headers; Behaviour notes: Payments 6',
    cites:
      'Request headers: \u201cIdempotency key on payment initiation\u201d; Behaviour notes, Payments 6: \u201csame key, different body: 409 REQUEST_ID_REUSED\u201d; \u201cone key binds to one payment\u201d.',
    severity: 'minor',
    statement:
      'The `X-Request-ID` of a payment initiation is that payment\u2019s idempotency key: it is not sent again on an initiation of a different payment (the body compared by value), which the bank refuses with 409 `REQUEST_ID_REUSED` or, after 48 hours, answers with the first payment. Elsewhere the id is a correlation id and the interface asks only for a UUID: an id reused there is advice (ADVICE-REQUEST-ID-NEW), not a finding.',
  },
  {
    id: 'CLIENT-CONSENT-ENDED',
    section: 'States: Consent; Errors: Codes; Events 2',
    cites:
      'States: Consent and Errors, Codes: CONSENT_EXPIRED, CONSENT_INVALID (\u201cConsent not usable, for example revoked\u201d), CONSENT_UNKNOWN; Events 2: \u201cthe consent stops working at once regardless of delivery\u201d.',
    severity: 'major',
    statement:
      'A consent is not used again (as `Consent-ID` of an account-data or funds-confirmation request) once the client has been told it ended: after `CONSENT_EXPIRED`; after `CONSENT_UNKNOWN` on the same service (account information or funds confirmation); after `CONSENT_INVALID` for the same request while the consent has not changed status since, or for any request once its status had ended (revokedByPsu, terminatedByTpp, expired, rejected); after the client deleted it; after a read of it answered an ended status; after its revocation callback was delivered to the client (answered 2xx).',
  },
  {
    id: 'CLIENT-MALFORMED',
    section: 'Errors: Codes; Errors: Status classes',
    cites:
      'Errors, Status classes: \u201c400 Malformed or unacceptable request\u201d; Codes: FORMAT_ERROR, SERVICE_INVALID, PRODUCT_INVALID.',
    severity: 'minor',
    statement:
      'No request the interface refuses as malformed: every `FORMAT_ERROR`, `PRODUCT_INVALID` or `SERVICE_INVALID` the client caused (not a fault of the sandbox) is a finding, with the field (`path`) the answer names. A missing or malformed `X-Request-ID` is CLIENT-REQUEST-ID-FORM instead.',
  },
  {
    id: 'CLIENT-ENDPOINT',
    section: 'Endpoint list; Links; Versioning 3-4',
    cites:
      'Endpoint list; Versioning 3: \u201cAll paths carry the prefix /v1\u201d; 4: \u201cthe named fields and list endpoints are the supported routes\u201d.',
    severity: 'minor',
    statement:
      'Every request names an endpoint of the interface: a path no endpoint has (an href cut or joined to the base URL twice, a path built by hand) or a method the path does not take is a finding. Hrefs are followed as given, relative or absolute.',
  },
  {
    id: 'CLIENT-ACCOUNT-ID',
    section: 'Path parameters',
    cites:
      'Path parameters: account_id is the resourceId from the account list, \u201cNot constructed; an IBAN in this position is not recognised\u201d.',
    severity: 'minor',
    statement:
      '`account_id` is the `resourceId` from the account list, never constructed: an IBAN in its place is a finding.',
  },
  {
    id: 'CLIENT-FOREIGN-ID',
    section: 'Authentication 6; Behaviour notes: Consents 2, Payments 7-8',
    cites:
      'Authentication 6: \u201ca consent is usable only by the provider that created it\u201d; Behaviour notes, Payments 7: \u201conly the initiating provider can address a payment\u201d.',
    severity: 'critical',
    statement:
      'A consent id (`Consent-ID` or in the path), payment id or authorisation id the client sends is never one the sandbox gave another provider: the client mixed up its tenants. The bank answers as for an unknown id, so only the sandbox can tell.',
  },
  {
    id: 'CLIENT-CALLBACK-ACK',
    section: 'Events 3-8',
    cites:
      'Events 3: eventId \u201cdedupe on it\u201d; 7: \u201ca 2xx stops them\u201d; 8: \u201cOrdering is not guaranteed\u201d.',
    severity: 'major',
    statement:
      'The client’s callback receiver answers 2xx to every correctly signed revocation event, including an `eventId` it has seen before (it dedupes, it does not refuse) and events out of order; not answering 2xx, or not being reachable, makes the bank retry and the client learn nothing. Judged once per event, on real deliveries and on forged events that are correctly signed.',
  },
] as const satisfies readonly ClientRule[];

export const CLIENT_ADVICE = [
  {
    id: 'ADVICE-REQUEST-ID-NEW',
    statement:
      'Send a new `X-Request-ID` with every request other than a payment initiation sent again: a reused correlation id makes the bank\u2019s logs and yours hard to match.',
    why: 'Request headers: X-Request-ID is a "UUID", a "correlation id" outside payment initiation; the interface does not say it must be new each time.',
  },
  {
    id: 'ADVICE-BACKOFF',
    statement:
      'After a 5xx or a broken connection that named no `Retry-After`, wait at least 500 ms (the conformance kit\u2019s own first backoff) before sending the request again, and longer each time.',
    why: 'Errors, Rules 2: retryable "after a backoff"; the interface does not say how long a backoff is.',
  },
  {
    id: 'ADVICE-CALLBACK-READ',
    statement:
      'Remember that no revocation callback is registered (404) instead of reading it again, or register one (`PUT /v1/revocation-callback`).',
    why: 'Behaviour notes, Revocation callback 2: "404 means no callback is registered (normal state)": a read of it is no refused request.',
  },
] as const satisfies readonly ClientAdvice[];

export type ClientRuleId = (typeof CLIENT_RULES)[number]['id'];
export type ClientAdviceId = (typeof CLIENT_ADVICE)[number]['id'];

const BY_ID = new Map<string, ClientRule>(CLIENT_RULES.map((rule) => [rule.id, rule]));
const ADVICE_BY_ID = new Map<string, ClientAdvice>(CLIENT_ADVICE.map((advice) => [advice.id, advice]));

export function clientRule(id: string): ClientRule | undefined {
  return BY_ID.get(id);
}

export function clientAdvice(id: string): ClientAdvice | undefined {
  return ADVICE_BY_ID.get(id);
}
