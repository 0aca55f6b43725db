/**
 * The client judge: the client rules (client-rules.ts) applied to the stream the sandbox already
 * emits, as the terminal UI reads it — every `exchange` of the XS2A API, the change events of
 * consents, payments, authorisations and providers, and what callback receivers answered. No part
 * of the simulator exists for it or knows of it. Its memory and findings live here, in memory,
 * bounded per provider, and start again with the sandbox's reset.
 */
import { z } from 'zod';
import { XsError } from '../../contract/errors.js';
import { maskText } from '../../contract/mask.js';
import type { EventBus, ExchangeEvent, ForgedCallbackEvent } from '../events.js';
import { BoundedMap } from './bounded.js';
import { acknowledged, callbackViolation, type CallbackAnswer } from './checks/callback-ack.js';
import type { AnyCheck, Violation } from './checks/check.js';
import { EXCHANGE_CHECKS, oneFindingPerMistake } from './checks/index.js';
import { clientAdvice, clientRule, CLIENT_RULES } from './client-rules.js';
import { exchangeEvidence, type CallbackEvidence } from './evidence.js';
import {
  createFindingStore,
  FINDINGS_PER_PROVIDER,
  type Acknowledgement,
  type ClientFinding,
  type ClientHint,
} from './findings.js';
import { createProvocationLog, type Provocation } from './provoked.js';
import { seenOf, type Seen } from './seen.js';
import { createSubjects } from './subjects.js';

/** How many providers the judge keeps memory for; the one unseen longest is forgotten first. */
export const PROVIDERS_REMEMBERED = 1_000;

export interface ClientReport {
  /** How many exchanges of a provider (with an accepted certificate) were judged since the start, the last reset or clear. */
  judged: number;
  /** Oldest first; acknowledged rules' findings are not among them. */
  findings: ClientFinding[];
  /** Findings dropped, oldest first, beyond the bound of each provider. */
  dropped: number;
  acknowledged: Acknowledgement[];
  /** What the sandbox provoked (faults, forged callbacks) and what the client did next. */
  provoked: Provocation[];
  /** Advice (habits stricter than the interface), oldest first: never findings, never a failed CI run. */
  hints: ClientHint[];
  /** Hints dropped, oldest first, beyond the bound of each provider. */
  hintsDropped: number;
}

export interface ClientJudge {
  report(provider?: string): ClientReport;
  /** `{ rule, provider? }`: an unknown rule or field is FORMAT_ERROR with `path`. */
  acknowledge(input: unknown): Acknowledgement[];
  clear(provider?: string): void;
}

const AcknowledgeBody = z.strictObject({ rule: z.string(), provider: z.string().min(1).max(128).optional() });

/** An acknowledgement as sent to the control API, checked: FORMAT_ERROR with `path` when it cannot be taken. */
export function readAcknowledgement(input: unknown): { rule: string; provider: string | null } {
  const result = AcknowledgeBody.safeParse(input ?? {});
  const hint = 'Send {"rule":"CLIENT-…","provider"?:"PSDDE-…"}; xs2a-kit client-rules lists the rules.';
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path =
      [...issue.path, ...(issue.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [])].join('.') || 'rule';
    throw new XsError('FORMAT_ERROR', { path, text: `${path}: ${issue.message}. ${hint}` });
  }
  if (!clientRule(result.data.rule))
    throw new XsError('FORMAT_ERROR', {
      path: 'rule',
      text: `rule: no client rule is called "${result.data.rule}"; the rules are ${CLIENT_RULES.map((rule) => rule.id).join(', ')}.`,
    });
  return { rule: result.data.rule, provider: result.data.provider ?? null };
}

function hintOf(
  violation: Violation,
  provider: string,
  evidence: { at: string; realAt: string; exchanges: ClientFinding['exchanges'] },
): ClientHint {
  const advice = clientAdvice(violation.rule)!;
  return {
    rule: advice.id,
    statement: advice.statement,
    why: advice.why,
    provider,
    ...(violation.consentId ? { consentId: maskText(violation.consentId) } : {}),
    ...(violation.paymentId ? { paymentId: maskText(violation.paymentId) } : {}),
    // Masked like a finding's: the detail and ids can carry what the client sent.
    detail: maskText(violation.detail),
    ...evidence,
  };
}

/** The exchanges of a violation's evidence in the order they arrived, each once; the one that broke the rule among them. */
function evidenceOf(violation: Violation, seen: Seen): Seen[] {
  const all = [...(violation.earlier ?? []), ...(violation.subject ? [violation.subject] : []), seen];
  return [...new Set(all)].sort((a, b) => a.realMs - b.realMs || a.event.id - b.event.id);
}

function findingOf(
  violation: Pick<Violation, 'rule' | 'detail' | 'consentId' | 'paymentId' | 'field'>,
  provider: string,
  evidence: { at: string; realAt: string; exchanges: ClientFinding['exchanges']; callbacks: CallbackEvidence[] },
): ClientFinding {
  const rule = clientRule(violation.rule)!;
  return {
    rule: rule.id,
    statement: rule.statement,
    section: rule.section,
    cites: rule.cites,
    severity: rule.severity,
    provider,
    // The ids a client named (a Consent-ID it made up), the field and the detail (the request line and what the
    // client sent) are masked like the evidence, whatever a check wrote.
    ...(violation.consentId ? { consentId: maskText(violation.consentId) } : {}),
    ...(violation.paymentId ? { paymentId: maskText(violation.paymentId) } : {}),
    ...(violation.field ? { field: maskText(violation.field) } : {}),
    detail: maskText(violation.detail),
    ...evidence,
  };
}

/**
 * `events`: what the judge reads (the sandbox's events, or a shared sandbox's feed of every process's);
 * `findings`: where it tells each finding (the sandbox's own bus, which the console and tests hear).
 */
export function createClientJudge(
  events: EventBus,
  clock: { now(): Date },
  findings: EventBus = events,
  /** Findings kept per provider (`--report-size`); the oldest go beyond it, counted as dropped. */
  findingsPerProvider = FINDINGS_PER_PROVIDER,
): ClientJudge {
  let subjects = createSubjects();
  let memories = new BoundedMap<string, Map<AnyCheck, unknown>>(PROVIDERS_REMEMBERED);
  let judgedCallbacks = new BoundedMap<string, true>(PROVIDERS_REMEMBERED * 10);
  const store = createFindingStore(findingsPerProvider);
  const hints = createFindingStore<ClientHint>();
  const provocations = createProvocationLog();
  const judged = new Map<string, number>();

  // Most exchanges come from the provider of the one before: its memory is already the newest.
  let latest: { provider: string; memory: Map<AnyCheck, unknown> } | undefined;
  function memoryOf(provider: string): Map<AnyCheck, unknown> {
    if (latest?.provider === provider) return latest.memory;
    const memory = memories.get(provider) ?? new Map(EXCHANGE_CHECKS.map((check) => [check, check.memory()]));
    memories.set(provider, memory);
    latest = { provider, memory };
    return memory;
  }

  /** Kept unless acknowledged; told to listeners (serve's console line, the demo) only when kept. */
  function found(finding: ClientFinding): void {
    if (store.add(finding)) findings.emit('client-finding', finding);
  }

  function exchange(event: ExchangeEvent): void {
    const tick = subjects.advance();
    // A request without an accepted certificate belongs to no provider: there is nobody to report to.
    if (event.provider === undefined) return;
    const seen = seenOf(event as ExchangeEvent & { provider: string });
    judged.set(seen.provider, (judged.get(seen.provider) ?? 0) + 1);
    const memory = memoryOf(seen.provider);
    const world = { subjects, tick };
    const raised: Violation[] = [];
    for (const check of EXCHANGE_CHECKS) {
      const violation = check.judge(memory.get(check), seen, world);
      if (violation) raised.push(violation);
    }
    const violations = raised.length > 1 ? oneFindingPerMistake(raised) : raised;
    for (const violation of violations) {
      const exchanges = evidenceOf(violation, seen).map((one: Seen) => exchangeEvidence(one.event));
      // When the exchange that broke the rule is not the one judged (a slow answer read last), the finding is dated by it.
      const { at, realAt } = (violation.subject ?? seen).event;
      if (clientAdvice(violation.rule)) hints.add(hintOf(violation, seen.provider, { at, realAt, exchanges }));
      else found(findingOf(violation, seen.provider, { at, realAt, exchanges, callbacks: [] }));
    }
    // What the rules remember of this exchange from now on is what they may read again, its bodies masked and cut.
    seen.compact();
    provocations.followed(
      seen.provider,
      () => exchangeEvidence(event),
      violations.flatMap((violation) => (clientAdvice(violation.rule) ? [] : [violation.rule])),
    );
    if (event.fault)
      provocations.provoked({
        fault: event.fault,
        provider: seen.provider,
        at: event.at,
        realAt: event.realAt,
        exchange: exchangeEvidence(event),
      });
  }

  function callbackAnswered(answer: CallbackAnswer): void {
    if (judgedCallbacks.has(answer.key)) return;
    const detail = callbackViolation(answer);
    if (!detail) {
      if (acknowledged(answer.status)) judgedCallbacks.set(answer.key, true);
      return;
    }
    judgedCallbacks.set(answer.key, true);
    const { provider: _provider, correctlySigned: _signed, key: _key, ...evidence } = answer;
    found(
      findingOf({ rule: 'CLIENT-CALLBACK-ACK', detail, consentId: answer.consentId }, answer.provider, {
        at: answer.at,
        realAt: answer.realAt,
        exchanges: [],
        callbacks: [evidence],
      }),
    );
  }

  function forged(event: ForgedCallbackEvent, forgeId: number): void {
    const callbacks = event.sent.map((send) => ({
      eventId: send.eventId,
      consentId: event.consentId,
      sent: `${event.kind}, ${send.signature}`,
      status: send.status,
      error: send.error,
      at: send.at,
      realAt: send.realAt,
    }));
    event.sent.forEach((send, index) =>
      callbackAnswered({
        ...callbacks[index]!,
        provider: event.provider,
        correctlySigned: send.signature === 'correct',
        key: `forged|${forgeId}|${index}`,
      }),
    );
    const first = event.sent[0];
    provocations.provoked({
      fault: `forge:${event.kind}`,
      provider: event.provider,
      at: first?.at ?? clock.now().toISOString(),
      realAt: first?.realAt ?? new Date().toISOString(),
      callbacks,
    });
  }

  let forges = 0;
  events.on('exchange', exchange);
  // Only the status part: the whole snapshot would be built on every balances read for it.
  events.on('consent-status', (event) => (subjects.advance(), subjects.consent(event)));
  events.on('payment-changed', (event) => (subjects.advance(), subjects.payment(event)));
  events.on('authorisation-changed', (event) => (subjects.advance(), subjects.authorisation(event)));
  events.on('provider-registered', (event) => (subjects.advance(), subjects.provider(event)));
  events.on('callback-attempt', (event) => {
    subjects.advance();
    const realMs = Date.now();
    if (acknowledged(event.status)) subjects.delivered(event.consentId, realMs);
    const provider = subjects.owner(event.consentId);
    if (provider === undefined) return;
    callbackAnswered({
      eventId: event.eventId,
      consentId: event.consentId,
      sent: 'delivery',
      attempt: event.attempt,
      status: event.status,
      error: event.error,
      at: clock.now().toISOString(),
      realAt: new Date(realMs).toISOString(),
      provider,
      correctlySigned: true,
      key: event.eventId,
    });
  });
  events.on('callback-forged', (event) => forged(event, ++forges));
  // A reset goes back to the seeded bank: the records the judge knew are gone, and so is what it found.
  events.on('reset', () => {
    subjects = createSubjects();
    memories = new BoundedMap(PROVIDERS_REMEMBERED);
    latest = undefined;
    judgedCallbacks = new BoundedMap(PROVIDERS_REMEMBERED * 10);
    store.reset();
    hints.reset();
    provocations.clear();
    judged.clear();
  });

  return {
    report: (provider) => {
      const advice = hints.list(provider);
      return {
        judged: provider === undefined ? [...judged.values()].reduce((a, b) => a + b, 0) : (judged.get(provider) ?? 0),
        ...store.list(provider),
        acknowledged: store.acknowledgements(provider),
        provoked: provocations.list(provider),
        hints: advice.findings,
        hintsDropped: advice.dropped,
      };
    },
    acknowledge(input) {
      const { rule, provider } = readAcknowledgement(input);
      return store.acknowledge(rule, provider);
    },
    clear(provider) {
      store.clear(provider);
      hints.clear(provider);
      provocations.clear(provider);
      if (provider === undefined) judged.clear();
      else judged.delete(provider);
    },
  };
}
