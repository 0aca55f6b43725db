/** One recorded request and answer, masked (see mask.ts) before anything keeps it. */
export interface Exchange {
  /** Who made the call: a provider's label, `no certificate`, or `customer` for SCA page posts. */
  actor: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string | string[]>;
  requestBody: unknown;
  /** The answer's status; 0 when the request got no answer (the connection broke). */
  status: number;
  headers: Record<string, string | string[]>;
  body: unknown;
  durationMs: number;
}

export type Recorder = (exchange: Exchange) => void;

/** The exchange a verdict was reached on, as reports cite it: request line, status, and the answer. */
export interface FailureExchange {
  request: string;
  status: number;
  body: unknown;
}

/** How the target's transport behaved over a run: what the kit retried (spec "Errors" rules 2-3). */
export interface TransportSummary {
  /** HTTP answers received, retried attempts included. */
  answers: number;
  /** Of them, 5xx. */
  serverErrors: number;
  /** Requests that broke without an answer (reset, refused, timed out). */
  connectionFailures: number;
  /** Attempts sent again after a 5xx or a connection failure. */
  retries: number;
}
