/**
 * The whole demo driven by keys over a real sandbox: guided mode through every step, approve,
 * payee check, revoke, clock, help, a conformance run on its own sandbox, quit. Every frame must
 * fit the test terminal: 100 columns (ink-testing-library's), whose rows it does not say (24 then).
 */
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { catalogue, rules } from '../../conformance/index.js';
import { selectScenarios } from '../../src/kit/filter.js';
import { DemoApp } from '../../src/tui/app.js';
import { conformanceRunner } from '../../src/tui/conformance-run.js';
import { GUIDED_STEPS } from '../../src/tui/guided/steps.js';
import { createConsent } from '../helpers/ais.js';
import { authorise, created, transfer } from '../helpers/pis.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const UP = '\u001B[A';
const DOWN = '\u001B[B';
const ESC = '\u001B';

let t: TestSandbox;
let app: ReturnType<typeof render>;
const exited = vi.fn();

beforeAll(async () => {
  const certs = await certificateFolder();
  // As `xs2a-kit demo` does: the sandbox trusts its own CA for callback receivers too.
  t = await testSandbox(certs, { port: 0, portalPort: 0, callbackCa: [`${certs}/ca.crt`] });
  const startConformance = conformanceRunner(async () => ({ scenarios: catalogue, rules }), { only: ['identity'] });
  app = render(<DemoApp sandbox={t.sandbox} color={false} startConformance={startConformance} onExit={exited} />);
});
afterAll(async () => {
  app.unmount();
  await t.sandbox.close();
});

/** The frame once it shows `text`; polled, never slept for. */
async function frameWith(text: string | RegExp, timeout = 10_000): Promise<string> {
  return vi.waitFor(
    () => {
      const frame = app.lastFrame() ?? '';
      if (typeof text === 'string' ? !frame.includes(text) : !text.test(frame))
        throw new Error(`waiting for ${String(text)} in:\n${frame}`);
      return frame;
    },
    { timeout, interval: 20 },
  );
}

/** The screen uses the terminal's width and fits its height. */
function fitsTerminal(frame: string): void {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(24);
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(100);
  expect([...lines[0]!].length).toBe(100);
}

const press = (keys: string) => app.stdin.write(keys);

async function consentStatus(consentId: string): Promise<string | undefined> {
  const consents = (await t.control('/consents')).json as { consentId: string; consentStatus: string }[];
  return consents.find((consent) => consent.consentId === consentId)?.consentStatus;
}

it('starts on the panes with the API base URL and the certificate folder', async () => {
  const frame = await frameWith('No requests yet');
  fitsTerminal(frame);
  expect(frame).toContain(`API ${t.sandbox.apiUrl} (paths /v1, mTLS)`);
  expect(frame).toContain('ca.crt  tpp.crt + tpp.key');
  expect(frame).toContain('Waiting: nothing for the customer to do.');
});

it('walks through every guided step, one per key press, each explained and answered in one line', async () => {
  press('g');
  await frameWith(`Guided 1/${GUIDED_STEPS.length}: ${GUIDED_STEPS[0]!.explain}`);
  const results = [
    /201 received: consent [0-9a-f]{8}, its SCA waits for Anna/,
    /scaStatus finalised; the TPP reads consentStatus valid/,
    /200: 2450\.75 EUR; X-RateLimit-Remaining 3/,
    /reads left 2, 1, 0; then 429 ACCESS_EXCEEDED, Retry-After \d+ s/,
    /200: https:\/\/localhost:\d+\/xs2a\/revocations, secret of 64 hex digits/,
    /revokedByPsu; the TPP got the callback, signature verified/,
    /201 RCVD: payment [0-9a-f]{8}, its SCA waits for Anna/,
    /200 CANC: cancelled, no SCA needed; nothing moves/,
  ];
  for (const [index, result] of results.entries()) {
    // Space and Enter both take the next step.
    press(index % 2 === 0 ? ' ' : '\r');
    const frame = await frameWith(result);
    fitsTerminal(frame);
    const next = GUIDED_STEPS[index + 1];
    await frameWith(
      next
        ? `Guided ${index + 2}/${GUIDED_STEPS.length}: ${next.explain}`
        : 'Guided: done. Press g to leave the walk-through.',
    );
  }
  const frame = app.lastFrame()!;
  // Revoked: it reads nothing any more, so it shows no budgets.
  expect(frame).toMatch(/> [0-9a-f]{8} revokedByPsu +anna +4\/day *\n/);
  expect(frame).toMatch(/[0-9a-f]{8} delivered #1 204/);
  expect(frame).toMatch(/[0-9a-f]{8} CANC +12\.30 Merchant GmbH/);
  expect(frame).toMatch(/Test TPP GET +\/accounts\/[0-9a-f]{8}\/balances +429 ACCESS_EXCEEDED/);
  const callbacks = (await t.control('/callbacks')).json as { outcome: string; attempts: { status: number }[] }[];
  expect(callbacks.map((delivery) => [delivery.outcome, delivery.attempts.map((attempt) => attempt.status)])).toEqual([
    ['delivered', [204]],
  ]);
  press('g');
  await frameWith('Press g for the guided walk-through');
});

it('approves the oldest pending authorisation as the customer who holds the accounts', async () => {
  const consent = await createConsent(t, {
    access: { balances: [{ iban: 'DE02123456780000300001' }] },
    recurringIndicator: true,
    frequencyPerDay: 4,
  });
  expect(consent.answer.status).toBe(201);
  const waiting = await frameWith(`SCA: consent ${consent.consentId.slice(0, 8)} for clara (a/d)`);
  fitsTerminal(waiting);
  press('a');
  await frameWith(`clara chose approve for consent ${consent.consentId.slice(0, 8)}: scaStatus finalised`);
  expect(await consentStatus(consent.consentId)).toBe('valid');
  expect(app.lastFrame()).toContain('Waiting: nothing for the customer to do.');
});

it('declines as the customer, and confirms a payee the customer was asked about', async () => {
  const declined = await createConsent(t, { access: { balances: [{ iban: 'DE07123456780000200001' }] } });
  await frameWith(`SCA: consent ${declined.consentId.slice(0, 8)} for ben`);
  press('d');
  await frameWith(`ben chose decline for consent ${declined.consentId.slice(0, 8)}: scaStatus failed`);
  expect(await consentStatus(declined.consentId)).toBe('rejected');

  // Payee check (docs/fixtures.md, juergen): a name other than the holder's waits in PDNG.
  const payment = await created(
    t,
    transfer('DE12123456780000100001', {
      creditorAccount: { iban: 'DE64123456780001000001' },
      creditorName: 'Juergen Gross',
    }),
  );
  expect((await authorise(t, payment.authorisationId, 'anna')).status).toBe(200);
  fitsTerminal(await frameWith(`payee check ${payment.paymentId.slice(0, 8)} "Juergen Gross" (y/n)`));
  press('y');
  await frameWith(`Payee confirmed for ${payment.paymentId.slice(0, 8)}: ACSP`);
  const payments = (await t.control('/payments')).json as { paymentId: string; transactionStatus: string }[];
  expect(payments.find((row) => row.paymentId === payment.paymentId)?.transactionStatus).toBe('ACSP');

  const refused = await created(
    t,
    transfer('DE12123456780000100001', {
      creditorAccount: { iban: 'DE64123456780001000001' },
      creditorName: 'J. Gross',
    }),
  );
  expect((await authorise(t, refused.authorisationId, 'anna')).status).toBe(200);
  await frameWith(`payee check ${refused.paymentId.slice(0, 8)} "J. Gross" (y/n)`);
  press('n');
  await frameWith(`Payee refused for ${refused.paymentId.slice(0, 8)}: RJCT`);
  const after = (await t.control('/payments')).json as { paymentId: string; transactionStatus: string }[];
  expect(after.find((row) => row.paymentId === refused.paymentId)?.transactionStatus).toBe('RJCT');
});

it('revokes the consent selected with the arrow keys', async () => {
  // Newest first: ben's (rejected, selected), clara's (valid), the guided one (revoked).
  await frameWith(/> [0-9a-f]{8} rejected +\(no PSU yet\)/);
  press(DOWN);
  press(DOWN);
  await frameWith(/> [0-9a-f]{8} revokedByPsu +anna/);
  press(UP);
  const frame = await frameWith(/> [0-9a-f]{8} valid +clara/);
  const consentId = /> ([0-9a-f]{8}) valid +clara/.exec(frame)![1]!;
  press('r');
  await frameWith(`Revoked ${consentId}: revokedByPsu`);
  const consents = (await t.control('/consents')).json as { consentId: string; consentStatus: string }[];
  expect(consents.find((consent) => consent.consentId.startsWith(consentId))?.consentStatus).toBe('revokedByPsu');
});

it('moves the sandbox clock by an hour and by a day', async () => {
  const before = t.sandbox.clock.now().getTime();
  press('t');
  await frameWith('Clock moved one hour');
  press('T');
  await frameWith('Clock moved one day');
  const moved = t.sandbox.clock.now().getTime() - before;
  expect(moved).toBeGreaterThanOrEqual(25 * 3_600_000);
  expect(moved).toBeLessThan(25 * 3_600_000 + 60_000);
  const shown = /clock (\d{4}-\d\d-\d\d \d\d:\d\d):\d\d UTC/.exec(app.lastFrame()!)![1]!;
  expect(Math.abs(Date.parse(`${shown.replace(' ', 'T')}Z`) - t.sandbox.clock.now().getTime())).toBeLessThan(120_000);
});

it('opens and closes the help overlay', async () => {
  press('?');
  const help = await frameWith('── Help: keys');
  fitsTerminal(help);
  expect(help).toContain('  a / d   approve / decline the oldest pending SCA, as its customer');
  // The whole paths attendees paste into curl (the status bar has room for the folder only).
  expect(help).toContain(`  --cacert ${t.sandbox.certificates.caCert}`);
  expect(help).toContain(`  --key    ${t.sandbox.certificates.tppKey}`);
  press(ESC);
  await frameWith('── Requests (paths under /v1)');
});

it('runs the conformance catalogue on its own sandbox with live progress, leaving the demo sandbox alone', async () => {
  const requestsBefore = /(\d+) so far/.exec(app.lastFrame()!)![1];
  const total = selectScenarios(catalogue, { only: ['identity'] }).length;
  press('c');
  await frameWith('── Conformance catalogue');
  const finished = await frameWith(`${total}/${total} finished`, 60_000);
  fitsTerminal(finished);
  expect(finished).toContain(`${total} passed 0 failed 0 inconclusive 0 skipped`);
  expect(finished).toMatch(new RegExp(`${total}/${total} finished in \\d+(\\.\\d)? (ms|s)`));
  press('c');
  const panes = await frameWith('── Requests (paths under /v1)');
  expect(/(\d+) so far/.exec(panes)![1]).toBe(requestsBefore);
});

it('quits, stopping what it started', async () => {
  press('q');
  await vi.waitFor(() => expect(exited).toHaveBeenCalledOnce(), { timeout: 10_000, interval: 20 });
});

it('quits on Ctrl+C too', async () => {
  const stopped = vi.fn();
  const second = render(
    <DemoApp
      sandbox={t.sandbox}
      color={false}
      startConformance={conformanceRunner(async () => ({ scenarios: [], rules: [] }))}
      onExit={stopped}
    />,
  );
  try {
    await vi.waitFor(() => expect(second.lastFrame()).toContain('── Requests (paths under /v1)'), {
      timeout: 10_000,
      interval: 20,
    });
    second.stdin.write('\u0003');
    await vi.waitFor(() => expect(stopped).toHaveBeenCalledOnce(), { timeout: 10_000, interval: 20 });
  } finally {
    second.unmount();
  }
});
