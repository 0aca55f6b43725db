/**
 * `xs2a-kit demo --worlds organisation --world ORG`: the demo shows and acts in ORG's world. Its
 * sandbox runs on a certificate folder of ORG's own (the facility's CA, a QWAC naming ORG), so what
 * the presenter does lands in that world, the status bar names it, and its customer actions (approve)
 * reach that world's authorisations.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { readQwacPem } from '../../src/certs/index.js';
import { worldCertificates } from '../../src/cli/demo-world.js';
import { DemoApp } from '../../src/tui/app.js';
import { createConsent } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

const ORG = 'PSDNL-DNB-777777';
let certs: string;
let t: TestSandbox;
let app: ReturnType<typeof render>;

beforeAll(async () => {
  certs = await certificateFolder();
  const dir = await worldCertificates(certs, ORG);
  t = await testSandbox(dir, { worlds: 'organisation', callbackCa: [join(dir, 'ca.crt')] });
  app = render(<DemoApp sandbox={t.sandbox} color={false} world={ORG} />);
});
afterAll(async () => {
  app.unmount();
  await t.sandbox.close();
});

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

it("keeps a QWAC naming the world's organisation, issued by the facility's CA, and reuses it", async () => {
  const dir = join(certs, 'worlds', ORG);
  const issued = readFileSync(join(dir, 'tpp.crt'), 'utf8');
  expect(readQwacPem(issued).organizationIdentifier).toBe(ORG);
  expect(readFileSync(join(dir, 'ca.crt'), 'utf8')).toBe(readFileSync(join(certs, 'ca.crt'), 'utf8'));
  expect(await worldCertificates(certs, ORG)).toBe(dir);
  expect(readFileSync(join(dir, 'tpp.crt'), 'utf8')).toBe(issued);
  await expect(worldCertificates(certs, 'not-an-organisation')).rejects.toThrow(/organizationIdentifier/);
});

it('names the world in the status bar and approves in it as the customer', async () => {
  await frameWith(`xs2a-kit demo · world ${ORG} · clock`);
  const consent = await createConsent(t, {
    access: { balances: [{ iban: 'DE02123456780000300001' }] },
    recurringIndicator: true,
    frequencyPerDay: 4,
  });
  expect(consent.answer.status).toBe(201);
  await frameWith(`SCA: consent ${consent.consentId.slice(0, 8)} for clara (a/d)`);
  app.stdin.write('a');
  await frameWith(`clara chose approve for consent ${consent.consentId.slice(0, 8)}: scaStatus finalised`);
  // The world's own control API (the library's controlUrl is the operator's path to it) has it valid.
  expect(t.sandbox.controlUrl).toBe(`${t.sandbox.portalUrl}/sandbox/worlds/${ORG}`);
  const consents = (await t.control('/consents')).json as { consentId: string; consentStatus: string }[];
  expect(consents.find((c) => c.consentId === consent.consentId)?.consentStatus).toBe('valid');
  const worlds = (await (await fetch(`${t.sandbox.portalUrl}/sandbox/worlds`)).json()) as {
    worlds: { world: string }[];
  };
  expect(worlds.worlds.map((w) => w.world)).toEqual([ORG]);
});
