/** What the sandbox tells about revocation events it forged for a provider's receiver (services/callbacks/forge.ts). */

/** How a forged event is signed: as the sandbox signs (`correct`), with another key, or with a `t` too old. */
export type ForgedSignature = 'correct' | 'wrong-secret' | 'stale';

export interface ForgedSend {
  eventId: string;
  /** The `t` of the signature (unix seconds). */
  t: number;
  signature: ForgedSignature;
  /** The receiver's status; null when it could not be reached (then `error` says why). */
  status: number | null;
  error: string | null;
  at: string;
  realAt: string;
}

/** One forge call: the events sent, in the order sent, and the receiver's answers. */
export interface ForgedCallbackEvent {
  provider: string;
  consentId: string;
  kind: string;
  url: string;
  sent: ForgedSend[];
}
