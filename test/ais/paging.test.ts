import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransactionsResponseSchema } from '../../src/contract/index.js';
import { codeOf, ibansOf, resourceIdOf, validConsent } from '../helpers/ais.js';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let consentId: string;
let path: string;
let iban: string;

beforeAll(async () => {
  t = await testSandbox(await certificateFolder(), { clockStart: '2026-03-01T10:00:00Z' });
  iban = ibansOf(t, 'anna')[0]!;
  consentId = await validConsent(t, [iban]);
  path = `/v1/accounts/${resourceIdOf(t, iban)}/transactions`;
});
afterAll(() => t.sandbox.close());

type Body = ReturnType<typeof TransactionsResponseSchema.parse>;
// Attended: paging through 650 rows takes more than the 4 unattended accesses a day.
const fetchPage = async (url: string): Promise<Body> => {
  const answer = await t.call({
    path: url,
    client: t.tpp,
    headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '192.0.2.7' },
  });
  expect(answer.status, answer.text).toBe(200);
  return TransactionsResponseSchema.parse(answer.json);
};
const ids = (body: Body) => (body.transactions.booked ?? []).map((row) => row.transactionId);

async function traverse(first: string, between?: () => Promise<void>): Promise<Body[]> {
  const pages = [await fetchPage(first)];
  if (between) await between();
  while (pages.at(-1)!.transactions._links?.next)
    pages.push(await fetchPage(pages.at(-1)!.transactions._links!.next!.href));
  return pages;
}

describe('keyset paging', () => {
  it('pages 650 booked transactions newest first, at most 250 a page, and ends with no next link', async () => {
    const pages = await traverse(path);
    expect(pages.map((page) => page.transactions.booked!.length)).toEqual([250, 250, 150]);
    // The end is a _links without next, never a missing _links: a generated client reads _links.next safely.
    for (const page of pages)
      expect(page.transactions._links?.account).toEqual({ href: path.replace('/transactions', '') });
    expect(pages.at(-1)!.transactions._links).toEqual({ account: { href: path.replace('/transactions', '') } });
    const all = pages.flatMap(ids);
    expect(new Set(all).size).toBe(650);
    const dates = pages.flatMap((page) => page.transactions.booked!.map((row) => row.bookingDate!));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('carries _links with the account on a single page too, for booked, pending and both', async () => {
    for (const bookingStatus of ['booked', 'pending', 'both']) {
      const page = await fetchPage(`${path}?bookingStatus=${bookingStatus}&dateFrom=2026-02-28`);
      expect(page.transactions._links, bookingStatus).toEqual({ account: { href: path.replace('/transactions', '') } });
    }
  });

  it('carries every original filter in next, and entryReferenceFrom is the same mechanism', async () => {
    const first = await fetchPage(`${path}?bookingStatus=booked&dateFrom=2025-06-01`);
    const next = new URL(first.transactions._links!.next!.href, 'https://x.example');
    expect(next.searchParams.get('bookingStatus')).toBe('booked');
    expect(next.searchParams.get('dateFrom')).toBe('2025-06-01');
    const last = first.transactions.booked!.at(-1)!.entryReference;
    expect(next.searchParams.get('entryReferenceFrom')).toBe(last);
    const viaLink = await fetchPage(first.transactions._links!.next!.href);
    const viaCursor = await fetchPage(
      `${path}?bookingStatus=booked&dateFrom=2025-06-01&entryReferenceFrom=${encodeURIComponent(last)}`,
    );
    expect(viaCursor).toEqual(viaLink);
  });

  it('has no duplicate and no skip when a transaction is booked mid-traversal', async () => {
    const before = (await traverse(path)).flatMap(ids);
    let booked = '';
    const during = (
      await traverse(path, async () => {
        const made = await t.control('/transactions', {
          body: { iban, amount: '12.34', counterpartyName: 'Mid Traversal GmbH' },
        });
        expect(made.status).toBe(201);
        booked = (made.json as { transactionId: string }).transactionId;
      })
    ).flatMap(ids);
    expect(during).toEqual(before);
    const fresh = await fetchPage(path);
    expect(ids(fresh)[0]).toBe(booked);
    expect(fresh.transactions.booked![0]!.transactionAmount).toEqual({ currency: 'EUR', amount: '12.34' });
  });

  it('filters by dateFrom and dateTo, both inclusive', async () => {
    const all = (await traverse(path)).flatMap((page) => page.transactions.booked!);
    const dates = [...new Set(all.map((row) => row.bookingDate!))].sort();
    const from = dates[10]!;
    const to = dates[40]!;
    const filtered = (await traverse(`${path}?dateFrom=${from}&dateTo=${to}`)).flatMap(
      (page) => page.transactions.booked!,
    );
    expect(filtered.length).toBe(all.filter((row) => row.bookingDate! >= from && row.bookingDate! <= to).length);
    expect(filtered.some((row) => row.bookingDate === from) && filtered.some((row) => row.bookingDate === to)).toBe(
      true,
    );
  });

  it('returns pending transactions for bookingStatus pending, and both arrays for both', async () => {
    const pending = await fetchPage(`${path}?bookingStatus=pending`);
    expect(pending.transactions).not.toHaveProperty('booked');
    expect(pending.transactions.pending!.length).toBeGreaterThanOrEqual(3);
    expect(pending.transactions.pending!.every((row) => row.bookingDate === undefined)).toBe(true);
    const both = await fetchPage(`${path}?bookingStatus=both`);
    expect(both.transactions.pending!.length).toBeGreaterThanOrEqual(3);
    expect(both.transactions.booked!.length + both.transactions.pending!.length).toBe(250);
  });

  it.each([
    ['bookingStatus=information', 'bookingStatus'],
    ['dateFrom=2026-02-30', 'dateFrom'],
    ['dateTo=yesterday', 'dateTo'],
    ['dateFrom=2026-02-01&dateTo=2026-01-01', 'dateTo'],
    ['entryReferenceFrom=nonsense', 'entryReferenceFrom'],
    ['bookingStatus=booked&bookingStatus=both', 'bookingStatus'],
  ])('refuses %s with FORMAT_ERROR naming the parameter', async (query, field) => {
    const answer = await t.call({ path: `${path}?${query}`, client: t.tpp, headers: { 'Consent-ID': consentId } });
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('FORMAT_ERROR');
    expect((answer.json as { tppMessages: { path: string }[] }).tppMessages[0]!.path).toBe(field);
  });
});
