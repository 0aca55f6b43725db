/**
 * Snapshots sent whenever a record changes (the terminal UI draws its panes from them): each
 * carries its effective status now and, when time alone will change it, when and to what, so
 * listeners never read the store. A consent's: consent-events.ts.
 */
export interface ProviderEvent {
  organizationIdentifier: string;
  name: string;
  roles: string[];
}

/**
 * A status that time alone will change without another event (the sandbox derives these from the
 * clock): a listener shows `status` until its clock reaches `at`.
 */
export interface Due<S extends string> {
  status: S;
  at: string;
}

/** A payment after initiation and every decided or timed change of its status. */
export interface PaymentEvent {
  paymentId: string;
  tpp: string;
  product: string;
  transactionStatus: string;
  /** ACSP → ACSC at settlement, PDNG → CANC 24 hours after the payee check began. */
  due: Due<'ACSC' | 'CANC'> | null;
  authorisationId: string;
  psuId: string | null;
  debtorIban: string;
  creditorIban: string;
  creditorName: string | null;
  amount: string;
  createdAt: string;
}

/** An SCA authorisation of a consent or a payment, whenever its scaStatus changes. */
export interface AuthorisationEvent {
  authorisationId: string;
  parent: { kind: 'consent' | 'payment'; id: string };
  tpp: string;
  scaStatus: string;
  /** An unfinished authorisation fails after its 15 minutes (spec "Limits"). */
  due: Due<'failed'> | null;
  psuId: string | null;
  /** The accounts it is about: who holds them is the customer who can approve. */
  ibans: string[];
  createdAt: string;
}
