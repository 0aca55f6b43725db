/** One recorded request and answer, masked (see mask.ts) before anything keeps it. */
export interface Exchange {
  /** Who made the call: a provider's label, `no certificate`, or `customer` for SCA page posts. */
  actor: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string | string[]>;
  requestBody: unknown;
  status: number;
  headers: Record<string, string | string[]>;
  body: unknown;
  durationMs: number;
}

export type Recorder = (exchange: Exchange) => void;
