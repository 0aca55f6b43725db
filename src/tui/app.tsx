/**
 * The demo's one container: it listens to the sandbox's events, keeps the state (reducer.ts), maps
 * keys to commands and performs them over HTTP (control API as the customer, XS2A API as a TPP).
 * Every component below draws only what it is given.
 */
import { Text, useApp, useInput } from 'ink';
import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Sandbox, SandboxEventMap } from '../index.js';
import type { ConformanceRun, StartConformance } from './conformance-run.js';
import { createControlClient } from './control-client.js';
import type { PendingSca } from './footer.js';
import { short } from './format.js';
import { createGuidedSession, type GuidedSession } from './guided/session.js';
import { GUIDED_STEPS, type GuidedStep } from './guided/steps.js';
import { commandOf, type Command } from './keys.js';
import { reduce, type Action } from './reducer.js';
import { Screen } from './screen.js';
import {
  consentRows,
  payeeChecks,
  paymentRows,
  pendingAuthorisations,
  sandboxNow,
  selectedConsent,
} from './selectors.js';
import { initialState, type Message } from './state.js';
import { fits, screenSize, TOO_SMALL, useTerminalSize } from './terminal-size.js';

export type DemoSandbox = Pick<
  Sandbox,
  'apiUrl' | 'portalUrl' | 'controlUrl' | 'certificates' | 'clock' | 'events' | 'customers'
>;

export interface DemoAppProps {
  sandbox: DemoSandbox;
  /** False when the terminal takes no colour (NO_COLOR, dumb terminals): text alone carries meaning. */
  color: boolean;
  startConformance?: StartConformance | undefined;
  /** Start in guided mode. */
  guided?: boolean;
  /** With worlds: the world the demo shows and acts in (its owner's organizationIdentifier). */
  world?: string | undefined;
  steps?: readonly GuidedStep[];
  /** Called once everything the app started has stopped, after the presenter quits. */
  onExit?: () => void;
}

const EVENT_NAMES: readonly (keyof SandboxEventMap)[] = [
  'request',
  'provider-registered',
  'clock-changed',
  'reset',
  'callback-attempt',
  'consent-changed',
  'payment-changed',
  'authorisation-changed',
];

const pickEndpoints = ({ apiUrl, portalUrl, certificates }: DemoSandbox) => ({ apiUrl, portalUrl, certificates });

const failure = (error: unknown): Message => ({
  text: error instanceof Error ? error.message : String(error),
  tone: 'bad',
});

export function DemoApp({
  sandbox,
  color,
  startConformance,
  guided = false,
  world,
  steps = GUIDED_STEPS,
  onExit,
}: DemoAppProps) {
  const { exit } = useApp();
  const terminal = useTerminalSize();
  const [state, dispatch] = useReducer(reduce, undefined, () =>
    reduce(initialState(sandbox.clock.now().getTime() - Date.now()), { type: 'guided', active: guided }),
  );
  // Sandbox time runs on between events: one re-render a second keeps the clock line moving.
  const [realNow, setRealNow] = useState(Date.now());
  const control = useMemo(() => createControlClient(sandbox.controlUrl), [sandbox.controlUrl]);
  // Who holds which IBAN: the customer who can approve an authorisation for those accounts.
  const holders = useMemo(
    () =>
      new Map(
        sandbox
          .customers()
          .flatMap((customer) => customer.accounts.map((account) => [account.iban, customer.psuId] as const)),
      ),
    [sandbox],
  );
  const session = useRef<GuidedSession | undefined>(undefined);
  const run = useRef<ConformanceRun | undefined>(undefined);

  useEffect(() => {
    const offs = EVENT_NAMES.map((name) =>
      sandbox.events.on(name, (event) => dispatch({ type: 'sandbox', name, event, receivedAt: Date.now() } as Action)),
    );
    const tick = setInterval(() => setRealNow(Date.now()), 1000);
    return () => {
      clearInterval(tick);
      for (const off of offs) off();
    };
  }, [sandbox]);

  const now = sandboxNow(state, realNow);
  const consents = consentRows(state, now);
  const selected = selectedConsent(state, consents);
  const pendingList = pendingAuthorisations(state, now);
  const oldest = pendingList[0];
  const pending: PendingSca | null = oldest
    ? {
        kind: oldest.parent.kind,
        parentId: oldest.parent.id,
        customer: oldest.ibans.map((iban) => holders.get(iban)).find(Boolean) ?? null,
      }
    : null;
  const payeeCheck = payeeChecks(state, now)[0] ?? null;

  const say = (message: Message) => dispatch({ type: 'message', message });
  const attempt = (work: () => Promise<Message>) => {
    work().then(say, (error: unknown) => say(failure(error)));
  };

  const decide = (decision: 'approve' | 'decline') => {
    if (!oldest || !pending) return say({ text: 'No authorisation is waiting for a customer.', tone: 'info' });
    if (!pending.customer)
      return say({
        text: `No test customer holds the accounts of ${pending.kind} ${short(pending.parentId)}.`,
        tone: 'bad',
      });
    const psuId = pending.customer;
    attempt(async () => {
      const outcome = await control.act(oldest.authorisationId, psuId, decision);
      return {
        text: `${psuId} chose ${decision} for ${pending.kind} ${short(pending.parentId)}: scaStatus ${outcome.scaStatus}`,
        tone: outcome.scaStatus === 'finalised' ? 'good' : 'info',
      };
    });
  };

  const nextStep = () => {
    const step = steps[state.guided.next];
    if (state.guided.busy || !step) return;
    dispatch({ type: 'guided-busy' });
    session.current ??= createGuidedSession(sandbox);
    step.run(session.current).then(
      (result) => dispatch({ type: 'guided-done', result, failed: false }),
      (error: unknown) => dispatch({ type: 'guided-done', result: failure(error).text, failed: true }),
    );
  };

  const conformance = () => {
    if (!startConformance) return say({ text: 'No conformance catalogue in this build.', tone: 'bad' });
    if (state.conformance.phase === 'running' || state.conformance.phase === 'starting')
      return dispatch({ type: 'view', view: 'conformance' });
    dispatch({ type: 'run-starting' });
    run.current = startConformance((event) => dispatch({ type: 'run', event }));
    run.current.finished.catch((error: unknown) => dispatch({ type: 'run-error', error: failure(error).text }));
  };

  const quit = () => {
    exit();
    void Promise.allSettled([session.current?.close(), run.current?.stop()]).then(() => onExit?.());
  };

  const perform: Record<Command, () => void> = {
    up: () => dispatch({ type: 'select', delta: -1, realNow: Date.now() }),
    down: () => dispatch({ type: 'select', delta: 1, realNow: Date.now() }),
    approve: () => decide('approve'),
    decline: () => decide('decline'),
    revoke: () => {
      if (!selected) return say({ text: 'No consent to revoke.', tone: 'info' });
      attempt(async () => ({
        text: `Revoked ${short(selected.consentId)}: ${(await control.revoke(selected.consentId)).consentStatus}`,
        tone: 'good',
      }));
    },
    'payee-confirm': () => answerPayee(true),
    'payee-refuse': () => answerPayee(false),
    'clock-hour': () =>
      attempt(async () => ({
        text: `Clock moved one hour: ${(await control.advanceClock('PT1H')).now}`,
        tone: 'info',
      })),
    'clock-day': () =>
      attempt(async () => ({ text: `Clock moved one day: ${(await control.advanceClock('P1D')).now}`, tone: 'info' })),
    conformance,
    guided: () => dispatch({ type: 'guided', active: !state.guided.active }),
    'next-step': nextStep,
    help: () => dispatch({ type: 'view', view: 'help' }),
    close: () => dispatch({ type: 'view', view: 'dashboard' }),
    quit,
  };

  function answerPayee(confirm: boolean) {
    if (!payeeCheck) return say({ text: 'No payment waits for a payee check.', tone: 'info' });
    attempt(async () => ({
      text: `Payee ${confirm ? 'confirmed' : 'refused'} for ${short(payeeCheck.paymentId)}: ${(await control.payee(payeeCheck.paymentId, confirm)).transactionStatus}`,
      tone: confirm ? 'good' : 'info',
    }));
  }

  // Keys act on what is on screen now: the handler reads the commands of the latest committed
  // render, not those of the render that subscribed it (events re-render between key presses).
  const latest = useRef({ perform, view: state.view, guided: state.guided.active });
  useLayoutEffect(() => {
    latest.current = { perform, view: state.view, guided: state.guided.active };
  });
  useInput((input, key) => {
    const { perform: commands, view, guided: guiding } = latest.current;
    const command = commandOf(input, key, view, guiding);
    if (command) commands[command]();
  });

  const explanation = steps[state.guided.next]?.explain ?? null;
  if (!fits(terminal)) return <Text>{TOO_SMALL}</Text>;
  return (
    <Screen
      size={screenSize(terminal)}
      now={now}
      endpoints={world === undefined ? sandbox : { ...pickEndpoints(sandbox), world }}
      state={state}
      consents={consents}
      selectedConsentId={selected?.consentId}
      payments={paymentRows(state, now)}
      pending={pending}
      pendingCount={pendingList.length}
      payeeCheck={payeeCheck}
      guidedTotal={steps.length}
      guidedExplanation={explanation}
      color={color}
    />
  );
}
