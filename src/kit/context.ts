/**
 * What a scenario's steps receive: clients per provider (all recording into the scenario's
 * exchanges), the fixtures, and the target's optional powers. Accessing a power the scenario did not
 * declare in `needs` throws, so an undeclared need shows up as an error, not as a silent pass.
 */
import type { SettingValue } from '../contract/profile.js';
import type { RefusedCertificate, RevokedCertificate } from './capabilities.js';
import type { ScenarioClient } from './operations.js';
import type { Fixtures, ScaOutcome, TargetCallbacks, TargetClock, TargetControl } from './target.js';

export interface AuthoriseOptions {
  /** The creation answer's `authorisationId`: drivers that act through a control API need it. */
  authorisationId: string;
  psu?: 'psu' | 'otherPsu';
  decision?: 'approve' | 'decline';
  /** Wrong one-time codes entered first (needs `sca-wrong-code`). */
  wrongCodes?: number;
  /**
   * The authorisation has ended (approved, declined, expired) and the customer opens it again: the
   * check that nothing was decided before is left out, since something was.
   */
  reopen?: boolean;
  /** Reads the consent's or payment's status (for the manual driver). */
  status: () => Promise<string>;
}

export interface ScenarioContext {
  readonly baseUrl: string;
  /** The default provider (all roles): the typed operations of the endpoint table and the raw `call`. */
  readonly api: ScenarioClient;
  /** The same TLS endpoint without a client certificate. */
  readonly anonymous: ScenarioClient;
  secondApi(): ScenarioClient;
  apiWithoutCof(): ScenarioClient;
  /**
   * The default provider's organisation presenting its renamed certificate (capability
   * `renamed-provider`), with the organisation name that certificate carries.
   */
  renamedProvider(): { api: ScenarioClient; name: string | undefined };
  /**
   * A client presenting a certificate the target must refuse (capability `refused-certificates`), or
   * undefined when the target offers none of that kind: the scenario then records the check as not checked and is inconclusive.
   */
  refusedApi(kind: RefusedCertificate): ScenarioClient | undefined;
  /** A client presenting a certificate its CA revoked or suspended (capability `revoked-certificates`), or undefined when the target offers none of that kind. */
  revokedApi(kind: RevokedCertificate): ScenarioClient | undefined;
  readonly fixtures: Fixtures;
  /**
   * Acts as the customer on an `scaRedirect`. A driver that cannot act makes the scenario
   * inconclusive; a status already decided before the customer acted fails the check of the
   * scenario that owns the ceremony.
   */
  authorise(scaRedirect: string, options: AuthoriseOptions): Promise<ScaOutcome>;
  clock(): TargetClock;
  control(): TargetControl;
  callbacks(): TargetCallbacks;
  /** The organizationIdentifier of the second provider's certificate (to withdraw it through the control API). */
  secondProviderId(): string;
  /**
   * The default provider's name: its certificate's organisation name (subject O), or undefined when
   * the certificate carries none.
   */
  providerName(): string | undefined;
  /**
   * A resource shared by every scenario of the run that declares `key` in `shares` (a consent that is
   * only read): made once by `create`, made again only when `usable` says the kept one no longer
   * serves (expired by a clock move, superseded). Keep plain data in it, never a client.
   */
  shared<T>(key: string, create: () => Promise<T>, usable?: (value: T) => Promise<boolean>): Promise<T>;
  /** Records what the target did on a point the spec leaves "not shown": reported, never failed. */
  observe(point: string, value: unknown): void;
  /**
   * Records the value the target chose for a bank-profile setting (an open point). Never fails the
   * target for the choice; fails it when the value is none of the setting's values, or when it
   * differs from what the target showed earlier in the run (one bank, one choice).
   */
  observeSetting(name: string, value: SettingValue): void;
  /**
   * Records a check the scenario could not make on this target and why (e.g. the SCA driver cannot
   * see where the bank sent the customer): the scenario is then inconclusive unless something failed,
   * never passed.
   */
  unchecked(check: string, reason: string): void;
}
