/**
 * A CoF consent's card number (spec "FundsConfirmationConsentRequest": only the last four digits are
 * retained) and a funds confirmation's (spec "FundsConfirmationRequest": informational only, not
 * matched against the consent, not stored), held on every answer of the consent's life and for a
 * card that is the consent's, another or none. Raw bodies are read, never a schema's parse.
 */
import type { Reply } from '../src/kit/client.js';
import type { ScenarioContext } from '../src/kit/context.js';
import { ensure, ensureEqual } from '../src/kit/failure.js';
import { scenario } from '../src/kit/scenario.js';
import { approveConsent, ATTENDED, consentFrom, requestCofConsent, SHARED_COF, sharedCofConsent } from './steps.js';

/** Every string value of `json` but ids and link addresses, which are opaque and may hold any digits. */
function textValues(json: unknown, key = ''): string[] {
  if (typeof json === 'string') return ['consentId', 'authorisationId', 'href'].includes(key) ? [] : [json];
  if (Array.isArray(json)) return json.flatMap((item) => textValues(item, key));
  if (json && typeof json === 'object') return Object.entries(json).flatMap(([name, value]) => textValues(value, name));
  return [];
}

/**
 * A card number shown beyond its last four digits: the digits before them anywhere in the raw body,
 * or in a value (ids and links aside) any five digits of the number in a row, the last five among them.
 */
function cardShown(reply: Reply, cardNumber: string): string | undefined {
  if (reply.text.includes(cardNumber.slice(0, -4))) return cardNumber.slice(0, -4);
  const values = textValues(reply.json).map((value) => value.replace(/[\s-]/g, ''));
  for (let start = 0; start + 5 <= cardNumber.length; start += 1) {
    const run = cardNumber.slice(start, start + 5);
    if (values.some((value) => value.includes(run))) return run;
  }
  return undefined;
}

/** A funds confirmation of the small amount from `ibans.main` under `consentId`, naming `cardNumber` if given. */
export function confirmSmall(
  ctx: ScenarioContext,
  consentId: string,
  options: { attended: boolean; cardNumber?: string | undefined },
): Promise<Reply> {
  return ctx.api.checkAvailabilityOfFunds({
    headers: { 'Consent-ID': consentId, ...(options.attended ? ATTENDED : {}) },
    body: {
      account: { iban: ctx.fixtures.ibans.main },
      instructedAmount: { currency: 'EUR', amount: ctx.fixtures.amounts.small },
      ...(options.cardNumber === undefined ? {} : { cardNumber: options.cardNumber }),
    },
  });
}

export const cardNumberScenarios = [
  scenario({
    id: 'COF-025',
    title:
      'A CoF consent’s card number shows no more than its last four digits in any answer of its life: creation, reads, status, authorisations, confirmations naming no card, it or another (all answered alike), deletion',
    spec: 'FundsConfirmationConsentRequest (cardNumber: only the last four digits are retained); FundsConfirmationRequest (cardNumber: informational only, not matched against the consent)',
    rules: ['COF-4', 'COF-8'],
    area: 'cof',
    approvals: 1,
    expect: { cardNumber: '4929381726354017', otherCard: '5105105105105100' },
    async run(ctx, expect) {
      const answers: [string, Reply][] = [];
      const creation = await requestCofConsent(ctx, { cardNumber: expect.cardNumber });
      answers.push(['the creation', creation]);
      const created = consentFrom(ctx, creation, 'cof');
      const { consentId, authorisationId } = created;
      const reads = async (when: string) => {
        answers.push([`the read ${when}`, await ctx.api.getFundsConfirmationConsent({ consentId })]);
        answers.push([`the status read ${when}`, await ctx.api.getFundsConfirmationConsentStatus({ consentId })]);
        answers.push([
          `the authorisation list ${when}`,
          await ctx.api.getFundsConfirmationConsentAuthorisations({ consentId }),
        ]);
        answers.push([
          `the authorisation ${when}`,
          await ctx.api.getFundsConfirmationConsentScaStatus({ consentId, authorisationId }),
        ]);
      };
      await reads('before approval');
      await approveConsent(ctx, created);
      await reads('once valid');
      // Informational only, not matched against the consent (spec "FundsConfirmationRequest"): no
      // card, the consent's card and another card get the same answer.
      const confirmations: [string, Reply][] = [];
      for (const [card, cardNumber] of [
        ['no card', undefined],
        ['the consent’s card', expect.cardNumber],
        ['another card', expect.otherCard],
      ] as const)
        confirmations.push([
          `a funds confirmation naming ${card}`,
          await confirmSmall(ctx, consentId, { attended: true, cardNumber }),
        ]);
      for (const [what, reply] of confirmations)
        ensureEqual([reply.status, reply.json], [200, confirmations[0]![1].json], `${what}, against one naming none`);
      answers.push(...confirmations);
      answers.push(['the deletion', await ctx.api.deleteFundsConfirmationConsent({ consentId })]);
      await reads('once deleted');
      for (const [what, reply] of answers) {
        // What a terminated consent's sub-resources answer is not this rule's: only their bodies are read.
        if (!what.endsWith('once deleted')) ensure(reply.status < 300, `${what} is served`, { actual: reply.status });
        const shown = cardShown(reply, expect.cardNumber);
        ensure(shown === undefined, `${what} shows the card digits ${shown} beyond the last four`, {
          actual: reply.json,
        });
      }
    },
  }),
  scenario({
    id: 'COF-026',
    title:
      'A funds confirmation’s cardNumber is not stored: the CoF consent reads the same after confirmations naming other cards',
    spec: 'FundsConfirmationRequest (cardNumber: informational only, not matched against the consent, does not scope the answer, not stored)',
    rules: ['COF-8'],
    area: 'cof',
    shares: [SHARED_COF],
    expect: { cards: ['5105105105105100', '378282246310005'] },
    async run(ctx, expect) {
      const consentId = await sharedCofConsent(ctx);
      const read = () => ctx.api.getFundsConfirmationConsent({ consentId });
      const confirm = (cardNumber?: string) => confirmSmall(ctx, consentId, { attended: true, cardNumber });
      // A confirmation naming no card first: what a use changes (lastActionDate) is changed before the first read.
      ensureEqual((await confirm()).status, 200, 'status of a funds confirmation naming no card');
      const before = await read();
      ensureEqual(before.status, 200, 'status of the CoF consent read before the confirmations');
      for (const cardNumber of expect.cards)
        ensureEqual(
          (await confirm(cardNumber)).status,
          200,
          `status of a funds confirmation naming the card ${cardNumber}`,
        );
      const after = await read();
      ensureEqual(after.status, 200, 'status of the CoF consent read after the confirmations');
      ensureEqual(after.json, before.json, 'the CoF consent read after confirmations naming other cards');
      for (const cardNumber of expect.cards)
        ensure(cardShown(after, cardNumber) === undefined, `the consent read shows the card ${cardNumber}`, {
          actual: after.json,
        });
    },
  }),
];
