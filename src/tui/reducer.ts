/** The demo's state transitions as one plain function: sandbox events, run events and key choices in, state out. */
import type { SandboxEventMap } from '../index.js';
import type { RunEvent, ScenarioStatus } from '../kit/events.js';
import { consentRows, sandboxNow } from './selectors.js';
import {
  FINDING_HISTORY,
  idleConformance,
  initialState,
  REQUEST_HISTORY,
  type ConformanceState,
  type DemoState,
  type FinishedScenario,
  type Message,
  type View,
} from './state.js';

type SandboxEvent = {
  [K in keyof SandboxEventMap]: { type: 'sandbox'; name: K; event: SandboxEventMap[K]; receivedAt: number };
}[keyof SandboxEventMap];

export type Action =
  | SandboxEvent
  | { type: 'select'; delta: 1 | -1; realNow: number }
  | { type: 'view'; view: View }
  | { type: 'message'; message: Message | null }
  | { type: 'run'; event: RunEvent }
  | { type: 'run-starting' }
  | { type: 'run-error'; error: string }
  | { type: 'guided'; active: boolean }
  | { type: 'guided-busy' }
  | { type: 'guided-done'; result: string; failed: boolean };

function onSandbox(state: DemoState, action: SandboxEvent): DemoState {
  switch (action.name) {
    case 'request': {
      const row = { ...action.event, seq: state.requestCount + 1 };
      return { ...state, requests: [...state.requests, row].slice(-REQUEST_HISTORY), requestCount: row.seq };
    }
    case 'provider-registered':
      return { ...state, providers: { ...state.providers, [action.event.organizationIdentifier]: action.event.name } };
    case 'clock-changed':
      return { ...state, clockOffsetMs: Date.parse(action.event.to) - action.receivedAt };
    case 'reset':
      // Back to the seeded state: nothing the panes showed exists any more; the log and the presenter's choices stay.
      return {
        ...initialState(Date.parse(action.event.at) - action.receivedAt),
        requests: state.requests,
        requestCount: state.requestCount,
        view: state.view,
        guided: state.guided,
        conformance: state.conformance,
        message: { text: 'The sandbox was reset to its seeded state.', tone: 'info' },
      };
    case 'callback-attempt': {
      const { eventId, consentId, attempt, status, error, outcome } = action.event;
      return {
        ...state,
        callbacks: [
          { eventId, consentId, attempt, status, error, outcome },
          ...state.callbacks.filter((row) => row.eventId !== eventId),
        ],
      };
    }
    case 'consent-changed':
      return { ...state, consents: { ...state.consents, [action.event.consentId]: action.event } };
    case 'payment-changed':
      return { ...state, payments: { ...state.payments, [action.event.paymentId]: action.event } };
    case 'authorisation-changed':
      return { ...state, authorisations: { ...state.authorisations, [action.event.authorisationId]: action.event } };
    case 'client-finding': {
      const { rule, severity, provider, detail } = action.event;
      const row = { seq: state.findingCount + 1, rule, severity, provider, detail };
      return { ...state, findings: [...state.findings, row].slice(-FINDING_HISTORY), findingCount: row.seq };
    }
    case 'exchange':
    case 'callback-forged':
    case 'consent-status':
      // The request log is drawn from `request`, findings from `client-finding`, consents from
      // `consent-changed`; these are for other listeners.
      return state;
  }
}

function finishedOf(event: RunEvent): FinishedScenario | undefined {
  if (event.type !== 'scenario-finished') return undefined;
  const { result } = event;
  return { id: result.id, status: result.status, detail: result.failure?.message ?? result.reason ?? result.title };
}

/** The count each verdict adds to. */
const COUNT = {
  passed: 'passed',
  failed: 'failed',
  inconclusive: 'inconclusive',
  skipped: 'skipped',
  error: 'errors',
} as const satisfies Record<ScenarioStatus, keyof ConformanceState>;

function onRun(state: DemoState, event: RunEvent): DemoState {
  const run = state.conformance;
  if (event.type === 'run-started')
    return {
      ...state,
      conformance: { ...idleConformance, phase: 'running', target: event.target, total: event.total },
    };
  if (event.type === 'scenario-started') return { ...state, conformance: { ...run, current: event.scenario.id } };
  if (event.type === 'run-finished')
    return {
      ...state,
      conformance: { ...run, phase: 'finished', current: null, durationMs: event.summary.durationMs },
    };
  const finished = finishedOf(event);
  if (!finished) return state;
  return {
    ...state,
    conformance: {
      ...run,
      [COUNT[finished.status]]: run[COUNT[finished.status]] + 1,
      finished: [finished, ...run.finished],
      failures:
        finished.status === 'failed' || finished.status === 'error' ? [...run.failures, finished] : run.failures,
    },
  };
}

export function reduce(state: DemoState, action: Action): DemoState {
  switch (action.type) {
    case 'sandbox':
      return onSandbox(state, action);
    case 'select': {
      const rows = consentRows(state, sandboxNow(state, action.realNow));
      if (rows.length === 0) return state;
      const at = Math.max(
        0,
        rows.findIndex((row) => row.consentId === state.selectedConsent),
      );
      const next = rows[Math.min(rows.length - 1, Math.max(0, at + action.delta))]!;
      return { ...state, selectedConsent: next.consentId };
    }
    case 'view':
      return { ...state, view: action.view };
    case 'message':
      return { ...state, message: action.message };
    case 'run':
      return onRun(state, action.event);
    case 'run-starting':
      return { ...state, view: 'conformance', conformance: { ...idleConformance, phase: 'starting' } };
    case 'run-error':
      return { ...state, conformance: { ...state.conformance, phase: 'error', current: null, error: action.error } };
    case 'guided':
      return { ...state, guided: { active: action.active, next: 0, busy: false, result: null, failed: false } };
    case 'guided-busy':
      return { ...state, guided: { ...state.guided, busy: true } };
    case 'guided-done':
      return {
        ...state,
        guided: {
          ...state.guided,
          busy: false,
          result: action.result,
          failed: action.failed,
          next: action.failed ? state.guided.next : state.guided.next + 1,
        },
        message: { text: action.result, tone: action.failed ? 'bad' : 'good' },
      };
  }
}
