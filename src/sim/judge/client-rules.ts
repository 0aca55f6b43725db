/**
 * The client rules: what the interface asks of a TPP's client, as data, the mirror of the bank
 * rules the conformance kit holds a bank to. Each is one rule the sandbox can judge from the
 * exchanges it answered and the changes it made (the client judge, ./judge.ts), citing the section
 * of the interface it comes from. Ids are stable: never renumbered, never reused.
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
  readonly severity: ClientSeverity;
}

export const CLIENT_RULES = [
  {
    id: 'CLIENT-RETRY-4XX',
    section: 'Errors: Rules 2',
    severity: 'major',
    statement:
      'A request refused with a 4xx is not sent again unchanged while nothing that decides the answer has changed. Unchanged: the same method, path, query and body (JSON compared by value), the same `Consent-ID`, `TPP-Redirect-URI` and `TPP-NOK-Redirect-URI`, `PSU-IP-Address` sent or not as before, and, on a payment initiation only, the same `X-Request-ID` (there it is the idempotency key; elsewhere a new one changes nothing). Changed: in between, the consent, payment or authorisation the request names (or an authorisation of it) changed status (the customer approved, declined, revoked or confirmed a payee; time expired it), money moved on the debtor account of a payment initiation, the provider was registered again, or the sandbox clock passed a UTC midnight (daily budgets and limits start again). A 429 and the consent codes have their own rules (CLIENT-RETRY-AFTER, CLIENT-CONSENT-ENDED); a malformed request sent again is judged here, not again as malformed.',
  },
  {
    id: 'CLIENT-RETRY-AFTER',
    section: 'Errors: Rules 4; Limits',
    severity: 'major',
    statement:
      'After a 429, nothing is sent for the same consent and data type (accounts, balances, transactions, funds confirmation), or for the same operation when the 429 came from an operation without a budget, before its `Retry-After` has passed on the sandbox clock. An attended request (with `PSU-IP-Address`) after an unattended request met the 429 is not held to it: attended requests are uncapped.',
  },
  {
    id: 'CLIENT-RATE-REMAINING',
    section: 'Limits',
    severity: 'major',
    statement:
      'After a successful answer reported `X-RateLimit-Remaining: 0` for a consent and data type, no unattended request (without `PSU-IP-Address`) is sent for them before the `X-RateLimit-Reset` it reported: such a request can only meet a 429.',
  },
  {
    id: 'CLIENT-BACKOFF',
    section: 'Errors: Rules 2-3',
    severity: 'major',
    statement:
      'A request that met a 5xx or a broken connection is sent again only after a backoff: not before the `Retry-After` of the answer when it has one, else not within 500 ms of the failure (sandbox clock). The same request: the same method, path, query, body, `Consent-ID` and, on a payment initiation, `X-Request-ID`.',
  },
  {
    id: 'CLIENT-PAYMENT-KEY',
    section: 'Behaviour notes: Payments 6; Errors: Rules 2',
    severity: 'critical',
    statement:
      'A payment initiation that met a 5xx or a broken connection is repeated under the same `X-Request-ID`, its idempotency key. A second initiation with the same debtor, creditor, amount and remittance under a new `X-Request-ID`, while the first key has not been answered since and within its 48 hours, is a double payment at a real bank.',
  },
  {
    id: 'CLIENT-REQUEST-ID-FORM',
    section: 'Request headers',
    severity: 'minor',
    statement:
      'Every request carries `X-Request-ID` once, as a UUID, whether or not the bank refuses a request without one (a bank may serve it; the interface still requires it).',
  },
  {
    id: 'CLIENT-REQUEST-ID-NEW',
    section: 'Request headers; Behaviour notes: Payments 6',
    severity: 'minor',
    statement:
      '`X-Request-ID` is new for every request, with one exception: a payment initiation sent again with the same body reuses its id. An id the provider sent before on any other request is a finding (under a different payment body it is a 409 `REQUEST_ID_REUSED`).',
  },
  {
    id: 'CLIENT-CONSENT-ENDED',
    section: 'States: Consent; Errors: Codes; Events 2',
    severity: 'major',
    statement:
      'A consent is not used again (as `Consent-ID` of an account-data or funds-confirmation request) once the client has been told it ended: after `CONSENT_EXPIRED`; after `CONSENT_UNKNOWN` on the same service (account information or funds confirmation); after `CONSENT_INVALID` for the same request while the consent has not changed status since, or for any request once its status had ended (revokedByPsu, terminatedByTpp, expired, rejected); after the client deleted it; after a read of it answered an ended status; after its revocation callback was delivered to the client (answered 2xx).',
  },
  {
    id: 'CLIENT-MALFORMED',
    section: 'Errors: Codes; Errors: Status classes',
    severity: 'minor',
    statement:
      'No request the interface refuses as malformed: every `FORMAT_ERROR`, `PRODUCT_INVALID` or `SERVICE_INVALID` the client caused (not a fault of the sandbox) is a finding, with the field (`path`) the answer names. A missing or malformed `X-Request-ID` is CLIENT-REQUEST-ID-FORM instead.',
  },
  {
    id: 'CLIENT-ENDPOINT',
    section: 'Endpoint list; Links; Versioning 3-4',
    severity: 'minor',
    statement:
      'Every request names an endpoint of the interface: a path no endpoint has (an href cut or joined to the base URL twice, a path built by hand) or a method the path does not take is a finding. Hrefs are followed as given, relative or absolute.',
  },
  {
    id: 'CLIENT-ACCOUNT-ID',
    section: 'Path parameters',
    severity: 'minor',
    statement:
      '`account_id` is the `resourceId` from the account list, never constructed: an IBAN in its place is a finding.',
  },
  {
    id: 'CLIENT-FOREIGN-ID',
    section: 'Authentication 6; Behaviour notes: Consents 2, Payments 7-8',
    severity: 'critical',
    statement:
      'A consent id (`Consent-ID` or in the path), payment id or authorisation id the client sends is never one the sandbox gave another provider: the client mixed up its tenants. The bank answers as for an unknown id, so only the sandbox can tell.',
  },
  {
    id: 'CLIENT-CALLBACK-ACK',
    section: 'Events 3-8',
    severity: 'major',
    statement:
      'The client’s callback receiver answers 2xx to every correctly signed revocation event, including an `eventId` it has seen before (it dedupes, it does not refuse) and events out of order; not answering 2xx, or not being reachable, makes the bank retry and the client learn nothing. Judged once per event, on real deliveries and on forged events that are correctly signed.',
  },
] as const satisfies readonly ClientRule[];

export type ClientRuleId = (typeof CLIENT_RULES)[number]['id'];

const BY_ID = new Map<string, ClientRule>(CLIENT_RULES.map((rule) => [rule.id, rule]));

export function clientRule(id: string): ClientRule | undefined {
  return BY_ID.get(id);
}
