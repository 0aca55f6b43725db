/**
 * Upgrading keeps the sandbox's state: a data file written by the release before SQLite (JSON,
 * version 1; test/fixtures/json-data-file, made by make-sample.mjs beside it) opens after the
 * change with every record in it, moved once to SQLite, the JSON kept as FILE.bak. Reads over the
 * API answer what the rules make of the original records at the same instant, whenever the test runs.
 */
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { deriveSecret } from '../../src/sim/rules/callbacks.js';
import { effectivePaymentStatus } from '../../src/sim/rules/payments.js';
import { consentView } from '../../src/sim/services/consents/view.js';
import type { JsonData } from '../../src/sim/store/json-data.js';
import { openStore } from '../../src/sim/store/store.js';
import { ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { readDataFile } from '../helpers/data-file.js';
import { certificateFolder, testSandbox } from '../helpers/sandbox.js';

const SAMPLE = new URL('../fixtures/json-data-file/state.json', import.meta.url).pathname;
const sample = JSON.parse(readFileSync(SAMPLE, 'utf8')) as JsonData;
const TPP = 'PSDDE-BAFIN-123456';

/** A copy of the sample in a folder of its own, as a user's `--data state.json`. */
function copyOfSample(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'xs2a-upgrade-')), 'state.json');
  copyFileSync(SAMPLE, file);
  return file;
}

let certs: string;
beforeAll(async () => {
  certs = await certificateFolder();
});

describe('a JSON data file of the release before SQLite', () => {
  it('is moved to SQLite once with every record and the sandbox state, the JSON kept byte for byte as FILE.bak', () => {
    const file = copyOfSample();
    const logs: string[] = [];
    chmodSync(file, 0o644);
    openStore({ file, seedAnchor: '2030-01-01', log: (line) => logs.push(line) }).close();
    // The JSON kept as FILE.bak holds the callback key: made private, saying so.
    expect(logs).toEqual([
      `The data file ${file} was a JSON data file of an earlier release: it is now SQLite, the JSON is kept as ${file}.bak.`,
      `The data file ${file}.bak could be read by others (mode 0644): now 0600, since it holds the key the callback secrets derive from.`,
    ]);
    expect(statSync(`${file}.bak`).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${file}.bak`).equals(readFileSync(SAMPLE))).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const moved = readDataFile(file);
    expect(moved.integrity).toBe('ok');
    expect(moved.state).toEqual({
      clockOffsetMs: sample.clockOffsetMs,
      seedAnchor: sample.seedAnchor,
      callbackKey: sample.callbackKey,
    });
    const keyed = [
      'providers',
      'registerDecisions',
      'consents',
      'authorisations',
      'usage',
      'callbacks',
      'payments',
      'paymentKeys',
      'paymentsDue',
    ] as const;
    for (const kind of keyed) expect(moved.records[kind] ?? {}, kind).toEqual(sample[kind]);
    // Lists keep their order: one-time codes newest first as the control API lists them, bookings
    // and deliveries in the order they were made.
    expect(Object.values(moved.records['sms'] ?? {}).reverse()).toEqual(sample.sms);
    expect(Object.values(moved.records['bookings'] ?? {})).toEqual(sample.bookings);
    expect(Object.values(moved.records['deliveries'] ?? {})).toEqual(sample.deliveries);
    expect(sample.sms.length + sample.bookings.length + sample.deliveries.length).toBeGreaterThan(0);

    // Moved once: the next start opens the SQLite file and says nothing.
    openStore({ file, seedAnchor: '2030-01-01', log: (line) => logs.push(line) }).close();
    expect(logs).toHaveLength(2);
  });

  it('serves what it held: consents, payments, the callback and its secret, codes, deliveries, providers, the register, bookings and the clock', async () => {
    const file = copyOfSample();
    const t = await testSandbox(certs, { data: file });
    try {
      const now = () => t.sandbox.clock.now();
      expect(Math.abs(now().getTime() - Date.now() - sample.clockOffsetMs)).toBeLessThan(5_000);

      for (const consent of Object.values(sample.consents)) {
        const path =
          consent.kind === 'cof'
            ? `/v1/consents/confirmation-of-funds/${consent.consentId}`
            : `/v1/consents/${consent.consentId}`;
        const read = await t.call({ path, client: t.tpp });
        expect(read.status, consent.consentId).toBe(200);
        expect(read.json).toEqual(JSON.parse(JSON.stringify(consentView(consent, now()))));
      }
      for (const payment of Object.values(sample.payments)) {
        const read = await t.call({
          path: `/v1/payments/${payment.product}/${payment.paymentId}/status`,
          client: t.tpp,
        });
        const authorisation = sample.authorisations[payment.authorisationId];
        expect(read.json, payment.paymentId).toEqual({
          transactionStatus: effectivePaymentStatus(payment, authorisation, now()),
        });
      }

      const registration = sample.callbacks[TPP]!;
      expect((await t.call({ path: '/v1/revocation-callback', client: t.tpp })).json).toMatchObject({
        url: registration.url,
        secret: deriveSecret(sample.callbackKey, TPP, registration),
      });
      expect((await t.control('/sms')).json).toEqual(sample.sms);
      const deliveries = (await t.control('/callbacks')).json as { eventId: string; attempts: unknown[] }[];
      expect(deliveries.map((delivery) => delivery.eventId)).toEqual(sample.deliveries.map((d) => d.eventId));
      expect(deliveries[0]!.attempts.slice(0, sample.deliveries[0]!.attempts.length)).toEqual(
        sample.deliveries[0]!.attempts,
      );
      const providers = (await t.control('/providers')).json as { organizationIdentifier: string }[];
      expect(providers.map((provider) => provider.organizationIdentifier).sort()).toEqual(
        Object.keys(sample.providers).sort(),
      );
      const withdrawn = await t.sandbox.provider('withdrawn', { orgId: 'PSDDE-BAFIN-999999' });
      expect((await withdrawn.fetch('/v1/revocation-callback')).status).toBe(403);

      // The bookings are in the ledgers: the control API's booking on the savings account, and the
      // money the authorised payment moved (reserved, or booked once it settled).
      const [main, savings] = ibansOf(t, 'anna');
      const consentId = await validConsent(t, [main!, savings!]);
      const transactionIds = async (iban: string) => {
        const read = await t.call({
          path: `/v1/accounts/${resourceIdOf(t, iban)}/transactions?bookingStatus=both&dateFrom=${sample.seedAnchor}`,
          client: t.tpp,
          headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.1' },
        });
        const { transactions } = read.json as { transactions: Record<string, { transactionId: string }[]> };
        return [...(transactions['booked'] ?? []), ...(transactions['pending'] ?? [])].map((row) => row.transactionId);
      };
      const [controlBooking] = sample.bookings.filter((booking) => booking.iban === savings);
      expect(await transactionIds(savings!)).toContain(controlBooking!.transactionId);
      const authorised = Object.values(sample.payments).find((payment) => payment.status === 'ACSP')!;
      const reserved = sample.bookings.find((booking) => booking.seq === authorised.debitSeq)!;
      expect(await transactionIds(main!)).toContain(reserved.transactionId);
    } finally {
      await t.sandbox.close();
    }
  });
});
