/**
 * The demo's one state: what the sandbox told through its events, plus what the presenter chose
 * (selection, view, guided step). Only the container holds it; components draw slices of it.
 */
import type { ScenarioStatus } from '../kit/events.js';
import type { SandboxEventMap } from '../index.js';

export type ConsentSnapshot = SandboxEventMap['consent-changed'];
export type PaymentSnapshot = SandboxEventMap['payment-changed'];
export type AuthorisationSnapshot = SandboxEventMap['authorisation-changed'];

export interface RequestRow extends Readonly<SandboxEventMap['request']> {
  seq: number;
}

export interface CallbackRow {
  eventId: string;
  consentId: string;
  attempt: number;
  status: number | null;
  error: string | null;
  outcome: string;
}

export type View = 'dashboard' | 'help' | 'conformance';

export interface FinishedScenario {
  id: string;
  status: ScenarioStatus;
  /** The failure's message, or why it was skipped or is inconclusive. */
  detail: string;
}

export interface ConformanceState {
  phase: 'idle' | 'starting' | 'running' | 'finished' | 'error';
  target: string;
  total: number;
  passed: number;
  failed: number;
  inconclusive: number;
  skipped: number;
  /** Scenarios where the kit itself broke (`error` verdicts). */
  errors: number;
  current: string | null;
  /** How long the whole run took, once it finished (the runner's own measure). */
  durationMs: number | null;
  /** Newest first; failures and errors are what a presenter talks about, so they are kept apart too. */
  finished: FinishedScenario[];
  failures: FinishedScenario[];
  error: string | null;
}

export interface GuidedState {
  active: boolean;
  /** Index of the step the next key press runs. */
  next: number;
  busy: boolean;
  /** What the last step did, in one line. */
  result: string | null;
  failed: boolean;
}

export interface Message {
  text: string;
  tone: 'info' | 'good' | 'bad';
}

export interface DemoState {
  /** Sandbox time minus real time: the clock keeps running between events. */
  clockOffsetMs: number;
  /** Newest last, at most REQUEST_HISTORY. */
  requests: RequestRow[];
  requestCount: number;
  consents: Record<string, ConsentSnapshot>;
  payments: Record<string, PaymentSnapshot>;
  authorisations: Record<string, AuthorisationSnapshot>;
  /** One row per revocation event (its latest attempt), newest first. */
  callbacks: CallbackRow[];
  /** organizationIdentifier → name from the certificate. */
  providers: Record<string, string>;
  selectedConsent: string | null;
  view: View;
  conformance: ConformanceState;
  guided: GuidedState;
  message: Message | null;
}

export const REQUEST_HISTORY = 50;

export const idleConformance: ConformanceState = {
  phase: 'idle',
  target: '',
  total: 0,
  passed: 0,
  failed: 0,
  inconclusive: 0,
  skipped: 0,
  errors: 0,
  current: null,
  durationMs: null,
  finished: [],
  failures: [],
  error: null,
};

export function initialState(clockOffsetMs: number): DemoState {
  return {
    clockOffsetMs,
    requests: [],
    requestCount: 0,
    consents: {},
    payments: {},
    authorisations: {},
    callbacks: [],
    providers: {},
    selectedConsent: null,
    view: 'dashboard',
    conformance: idleConformance,
    guided: { active: false, next: 0, busy: false, result: null, failed: false },
    message: null,
  };
}
