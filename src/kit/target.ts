/**
 * What a scenario runs against: a base URL, certificates, the customers and IBANs to use, and
 * whatever optional powers the target offers (clock, control API, more providers, a callback
 * receiver). The kit reaches all of them over HTTP only, so a real bank is a target like the sim.
 */
import type { ClientCertificate } from './client.js';
import type { Capability, RefusedCertificate, RevokedCertificate } from './capabilities.js';
import type { Recorder } from './exchange.js';
import type { ReceivedCallback } from './callback-receiver.js';

export interface Credentials {
  id: string;
  password: string;
}

export interface Fixtures {
  redirectUri: string;
  nokRedirectUri: string;
  /** The customer who approves: holds `ibans.main` and `ibans.second`. */
  psu: Credentials;
  /** A customer holding none of the first one's accounts (consent narrowing). */
  otherPsu?: Credentials | undefined;
  ibans: {
    /** The customer's account with more than 500 booked transactions (three pages). */
    main: string;
    second: string;
    /** Well-formed, valid checksum, not held by the service (spec "Scope rules" 2). */
    notHeld: string;
    /** A routable creditor at another bank. */
    creditor: string;
    /** Optional (capability `closed-account`): an account of the service that is closed. */
    closed?: string | undefined;
    /** Optional (capability `held-account`): an account of the service under a compliance hold. */
    held?: string | undefined;
  };
  amounts: {
    /** Payable from `ibans.main`. */
    small: string;
    /** More than `ibans.main` holds, within any per-payment limit: insufficient funds. */
    beyondBalance: string;
  };
}

export interface ScaRequest {
  scaRedirect: string;
  /**
   * The authorisationId of the creation answer (spec "ConsentCreationResponse", "PaymentInitiationResponse"):
   * the `control` driver acts on it through the control API. Taken from the answer, never parsed out of a link.
   */
  authorisationId?: string;
  psu: Credentials;
  decision: 'approve' | 'decline';
  /**
   * One-time codes the customer gets wrong before the right one (drivers with `wrongCodes`; capability
   * `sca-wrong-code`). The driver stops early when the page no longer asks for a code: the bank ended
   * the ceremony, and the outcome is whatever the page then shows.
   */
  wrongCodes?: number;
  /** Reads the resource's status, for drivers that wait for a human (manual). */
  status(): Promise<string>;
  record: Recorder;
  /** The scenario the ceremony belongs to (`AIS-CONSENT-001 title`), for lines a driver prints. */
  scenario?: string;
  /** Aborted when the scenario is over or the run is interrupted: a driver still waiting stops at once. */
  signal?: AbortSignal;
}

export interface ScaOutcome {
  /** Where the bank sent the customer back (the TPP redirect URI with `state`), when known. */
  location: string | null;
  /**
   * The visible text of the page the customer decided on (drivers with `readsReviewPage`; capability
   * `sca-review-page`): what the customer saw before approving or declining.
   */
  reviewText?: string;
}

export interface ScaDriver {
  readonly name: string;
  /** True when the driver can enter wrong one-time codes on purpose (ScaRequest.wrongCodes). */
  readonly wrongCodes?: boolean;
  /** True when the driver answers the text of the page the customer decided on (ScaOutcome.reviewText). */
  readonly readsReviewPage?: boolean;
  /**
   * True when a person acts (manual): the time spent waiting is the driver's own limit, printed and
   * honoured, and does not count against the scenario's time limit.
   */
  readonly waitsForPeople?: boolean;
  /**
   * Whether the driver can act at all (its browser is installed), checked before the first scenario: a
   * driver that cannot act is a configuration mistake, not a failure of every scenario that needs it.
   * Rejects with one line saying what is missing.
   */
  ready?(): Promise<void>;
  authorise(request: ScaRequest): Promise<ScaOutcome>;
}

export interface TargetClock {
  now(): Promise<Date>;
  /** ISO 8601 duration, e.g. `PT16M`, `P1D`. */
  advance(by: string): Promise<void>;
}

export interface TargetControl {
  /** The customer revokes the consent in their portal (spec "States: Consent"). */
  revokeConsent(consentId: string): Promise<void>;
  /** Money arrives on an account now (to watch paging while the history grows). */
  bookTransaction(iban: string, amount: string): Promise<void>;
  /** The regulator withdraws (false) or restores (true) a provider's authorisation (spec "Access and registration" 2). */
  setAuthorised(organizationIdentifier: string, authorised: boolean): Promise<void>;
  /** The back office changes a received payment after its ceremony was created (spec "Behaviour notes / Payments" 1). */
  amendPayment(
    paymentId: string,
    change: { instructedAmount?: { currency: string; amount: string }; creditorName?: string },
  ): Promise<void>;
  /** The customer confirms (true) or refuses (false) the payee of a payment waiting in PDNG (spec "States: Payment"). */
  answerPayee(paymentId: string, confirm: boolean): Promise<void>;
}

export interface TargetCallbacks {
  readonly url: string;
  /** The secret the target returned at registration, used to verify deliveries. */
  useSecret(secret: string | undefined): void;
  received(): readonly ReceivedCallback[];
  waitFor(count: number, timeoutMs?: number): Promise<readonly ReceivedCallback[]>;
  /** How to answer the next deliveries, whatever their signature: a status, or `'drop'` to close the connection unanswered. */
  answerNext(answers: (number | 'drop')[]): void;
  /** How long to wait after a clock move before concluding that no delivery is coming (ms). */
  readonly quietMs: number;
  /**
   * Resolves once the target has sent every delivery due by its clock and recorded each answer:
   * an observable end to wait for instead of `quietMs` (a target without it gets the quiet wait).
   */
  settle?(): Promise<void>;
}

export interface Target {
  readonly name: string;
  readonly baseUrl: string;
  /** CA bundle (PEM) the target's server certificate chains to. */
  readonly ca: string;
  readonly provider: ClientCertificate;
  readonly secondProvider?: ClientCertificate | undefined;
  readonly providerWithoutCof?: ClientCertificate | undefined;
  /** The provider's own organisation under another organisation name (capability `renamed-provider`). */
  readonly renamedProvider?: ClientCertificate | undefined;
  /** Certificates the target must refuse, by kind (capability `refused-certificates`); any may be absent. */
  readonly refusedCertificates?: Partial<Record<RefusedCertificate, ClientCertificate>> | undefined;
  /** Certificates its CA revoked or suspended (capability `revoked-certificates`); either may be absent. */
  readonly revokedCertificates?: Partial<Record<RevokedCertificate, ClientCertificate>> | undefined;
  readonly fixtures: Fixtures;
  readonly capabilities: ReadonlySet<Capability>;
  readonly sca?: ScaDriver | undefined;
  readonly clock?: TargetClock | undefined;
  readonly control?: TargetControl | undefined;
  readonly callbacks?: TargetCallbacks | undefined;
  close(): Promise<void>;
}
