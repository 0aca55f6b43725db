/**
 * The other refusals of malformed or unacceptable requests, as rows: currencies in every place a
 * currency appears, redirect URIs on every creation, what a consent request may not ask for, and a
 * revocation-callback URL (spec "Amount", "AccountReference", "Request headers", "ConsentRequest",
 * "Revocation callback endpoints", "Errors / Codes").
 */
import type { Change, NegativeCase, ObservedCase } from './engine.js';
import type { RequestKind } from './requests.js';

type Body = Record<string, any>;

/** Every place a currency appears on a payment initiation: each non-EUR one is PRODUCT_INVALID. */
const PAYMENT_CURRENCY_PLACES: readonly { id: string; path: string; set: (body: Body, currency: string) => void }[] = [
  {
    id: 'INSTRUCTED',
    path: 'instructedAmount.currency',
    set: (body, currency) => (body.instructedAmount.currency = currency),
  },
  { id: 'DEBTOR', path: 'debtorAccount.currency', set: (body, currency) => (body.debtorAccount.currency = currency) },
  {
    id: 'CREDITOR',
    path: 'creditorAccount.currency',
    set: (body, currency) => (body.creditorAccount.currency = currency),
  },
];

const paymentCurrencyCases: NegativeCase[] = (['payment', 'instant-payment'] as const).flatMap((kind) =>
  PAYMENT_CURRENCY_PLACES.map((place) => ({
    id:
      place.id === 'INSTRUCTED'
        ? kind === 'payment'
          ? 'PIS-INIT-004'
          : 'PIS-INIT-005'
        : `CUR-${kind === 'payment' ? 'PAYMENT' : 'INSTANT'}-${place.id}`,
    rules: place.id === 'INSTRUCTED' ? ['AMOUNT-3'] : ['IBAN-5'],
    title: `A non-EUR currency in ${place.path} of a ${kind === 'payment' ? 'SEPA' : 'instant'} payment is PRODUCT_INVALID, whatever the ISO code`,
    kind,
    changes: ['USD', 'GBP', 'CHF'].map((currency): Change => ({
      what: `${currency} in ${place.path}`,
      body: (body) => place.set(body, currency),
    })),
    // The status of PRODUCT_INVALID is not shown (Errors rule 5).
    expect: { code: 'PRODUCT_INVALID' },
  })),
);

/** A currency that is not even an ISO code, on a payment: malformed, refused (either code the spec has for it). */
const malformedCurrencyCases: NegativeCase[] = [
  {
    id: 'CUR-PAYMENT-MALFORMED',
    rules: ['AMOUNT-3'],
    title:
      'A currency that is no ISO code (lower case, a word, a number) on a payment is refused with FORMAT_ERROR or PRODUCT_INVALID',
    kind: 'payment',
    changes: [
      { what: '"eur"', body: (body) => (body.instructedAmount.currency = 'eur') },
      { what: '"EURO"', body: (body) => (body.instructedAmount.currency = 'EURO') },
      { what: 'a number', body: (body) => (body.instructedAmount.currency = 978) },
    ],
    expect: { code: ['FORMAT_ERROR', 'PRODUCT_INVALID'] },
  },
];

/** An instructed amount missing one of its two members: a 400 wherever it is sent. */
const incompleteAmountCases: NegativeCase[] = (['payment', 'instant-payment', 'funds'] as const).map((kind) => ({
  id: `AMOUNT-INCOMPLETE-${kind.toUpperCase()}`,
  rules: kind === 'funds' ? ['AMOUNT-2', 'AMOUNT-8'] : ['AMOUNT-2'],
  title: `An instructedAmount without currency, or without amount, is refused with 400 (${kind.replace('-', ' ')})`,
  kind,
  changes: [
    { what: 'no currency', body: (body) => delete body.instructedAmount.currency },
    { what: 'no amount', body: (body) => delete body.instructedAmount.amount },
  ],
  expect: { status: 400 },
}));

/** A non-EUR currency elsewhere (not a payment initiation): refused; the spec names no code for it. */
const otherCurrencyCases: NegativeCase[] = [
  {
    id: 'CUR-CONSENT-ACCOUNT',
    kind: 'consent',
    place: 'access.balances.0.currency',
    set: (body: Body, currency: string) => (body.access.balances[0].currency = currency),
  },
  // Each list of a consent request names accounts the same way: a currency in any of them is held alike.
  ...(['accounts', 'transactions'] as const).map((list) => ({
    id: `CUR-CONSENT-${list.toUpperCase()}`,
    kind: 'consent',
    place: `access.${list}.0.currency`,
    set: (body: Body, currency: string) => (body.access[list] = [{ iban: body.access.balances[0].iban, currency }]),
  })),
  {
    id: 'CUR-COF-CONSENT-ACCOUNT',
    kind: 'cof-consent',
    place: 'account.currency',
    set: (body: Body, currency: string) => (body.account.currency = currency),
  },
  {
    id: 'CUR-FUNDS-ACCOUNT',
    kind: 'funds',
    place: 'account.currency',
    set: (body: Body, currency: string) => (body.account.currency = currency),
  },
  {
    id: 'CUR-FUNDS-INSTRUCTED',
    kind: 'funds',
    place: 'instructedAmount.currency',
    set: (body: Body, currency: string) => (body.instructedAmount.currency = currency),
  },
].map(({ id, kind, place, set }) => ({
  id,
  rules: id === 'CUR-FUNDS-INSTRUCTED' ? ['AMOUNT-11'] : ['IBAN-5'],
  title: `A non-EUR currency in ${place} is refused, whatever the ISO code (EUR is the only currency)`,
  kind: kind as RequestKind,
  changes: ['USD', 'GBP', 'CHF'].map((currency): Change => ({
    what: `${currency} in ${place}`,
    body: (body) => set(body, currency),
  })),
  expect: {},
}));

/** TPP-Redirect-URI: absolute https, no fragment; anything else is FORMAT_ERROR, on each creation. */
const REDIRECT_VALUES: readonly [string, string][] = [
  ['HTTP', 'http://tpp.example/xs2a/ok'],
  ['FRAGMENT', 'https://tpp.example/xs2a/ok#done'],
  ['RELATIVE', '/xs2a/ok'],
  ['NO-HOST', 'https://'],
  ['SPACES', 'https://tpp.example/xs2a ok'],
  ['OTHER-SCHEME', 'tpp-app://xs2a/ok'],
];
const CREATIONS: readonly [string, RequestKind][] = [
  ['CONSENT', 'consent'],
  ['COF-CONSENT', 'cof-consent'],
  ['PAYMENT', 'payment'],
  ['INSTANT-PAYMENT', 'instant-payment'],
];

const redirectCases: NegativeCase[] = CREATIONS.map(([id, kind]) => ({
  id: id === 'CONSENT' ? 'AIS-CONSENT-020' : `HDR-REDIRECT-${id}`,
  rules: ['HDR-6', 'ERR-5'],
  title: `A TPP-Redirect-URI that is not an absolute https URI without fragment is FORMAT_ERROR on ${kind.replace('-', ' ')} creation`,
  kind,
  changes: REDIRECT_VALUES.map(([what, uri]): Change => ({
    what: `TPP-Redirect-URI ${what.toLowerCase()}: ${uri}`,
    headers: { 'TPP-Redirect-URI': uri },
  })),
  expect: { status: 400, code: 'FORMAT_ERROR' },
}));

/** A creation without TPP-Redirect-URI is refused and creates nothing; its status and code are open (Errors rule 7), so observed. */
const missingRedirectCases: NegativeCase[] = CREATIONS.map(([id, kind]) => ({
  id: id === 'CONSENT' ? 'AIS-CONSENT-022' : `HDR-REDIRECT-MISSING-${id}`,
  rules: ['HDR-5', 'OPEN-16'],
  title: `A ${kind.replace('-', ' ')} creation without TPP-Redirect-URI is refused (status and code observed)`,
  kind,
  changes: [{ what: 'no TPP-Redirect-URI', headers: { 'TPP-Redirect-URI': undefined } }],
  expect: { setting: 'redirectUri.missing' },
}));

/**
 * An empty TPP-Redirect-URI is refused on every creation; whether as a missing one (the open code of
 * Errors rule 7) or as one that is no absolute https URI (FORMAT_ERROR) is open, so the code is observed.
 */
const emptyRedirectCases: NegativeCase[] = CREATIONS.map(([id, kind]) => ({
  id: `HDR-REDIRECT-EMPTY-${id}`,
  rules: ['HDR-5', 'OPEN-21'],
  title: `A ${kind.replace('-', ' ')} creation with an empty TPP-Redirect-URI is refused (code observed: FORMAT_ERROR or SERVICE_INVALID)`,
  kind,
  changes: [{ what: 'an empty TPP-Redirect-URI', headers: { 'TPP-Redirect-URI': '' } }],
  expect: { code: ['FORMAT_ERROR', 'SERVICE_INVALID'] },
}));

/**
 * TPP-NOK-Redirect-URI is typed only as "URI", and PSU-IP-Address only as "string": whether a bank
 * refuses a value that breaks the rules of TPP-Redirect-URI, or is no IP address, is open. The
 * answer is observed on every request that takes the header; a refusal must be FORMAT_ERROR.
 */
const NOK_VALUES: readonly [string, string][] = [
  ['empty', ''],
  ['http', 'http://tpp.example/xs2a/nok'],
  ['no URI', 'https://tpp.example/xs2a nok'],
];
const PSU_IP_VALUES: readonly [string, string][] = [
  ['a word', 'localhost'],
  ['an octet above 255', '192.0.2.256'],
];

export const observedCases: ObservedCase[] = [
  ...(['consent', 'payment', 'instant-payment'] as const).map((kind) => ({
    id: `HDR-NOK-${kind.toUpperCase()}`,
    rules: ['HDR-8', 'OPEN-22'],
    title: `A ${kind.replace('-', ' ')} creation whose TPP-NOK-Redirect-URI is empty, not https or no URI: served or FORMAT_ERROR (observed)`,
    kind,
    changes: NOK_VALUES.map(([what, uri]): Change => ({
      what: `TPP-NOK-Redirect-URI ${what}`,
      headers: { 'TPP-NOK-Redirect-URI': uri },
    })),
    refusal: { status: 400, code: 'FORMAT_ERROR' },
  })),
  ...(['consent', 'cof-consent', 'payment', 'funds'] as const).map((kind) => ({
    id: `HDR-PSU-IP-${kind.toUpperCase()}`,
    rules: ['HDR-4', 'OPEN-23'],
    title: `A ${kind === 'funds' ? 'funds confirmation' : `${kind.replace('-', ' ')} creation`} whose PSU-IP-Address is no IP address: served or FORMAT_ERROR (observed)`,
    kind,
    changes: PSU_IP_VALUES.map(([what, ip]): Change => ({
      what: `PSU-IP-Address ${what}: ${ip}`,
      headers: { 'PSU-IP-Address': ip },
    })),
    refusal: { status: 400, code: 'FORMAT_ERROR' },
  })),
];

/** What a consent request may not ask for: SERVICE_INVALID (status not shown). */
const serviceCases: NegativeCase[] = [
  {
    id: 'AIS-CONSENT-001',
    rules: ['AIS-CONSENT-2'],
    title: 'availableAccounts, availableAccountsWithBalance and allPsd2 are refused with SERVICE_INVALID',
    kind: 'consent',
    changes: ['availableAccounts', 'availableAccountsWithBalance', 'allPsd2'].map((kind): Change => ({
      what: `access.${kind}`,
      body: (body) => (body.access = { [kind]: 'allAccounts' }),
    })),
    expect: { code: 'SERVICE_INVALID' },
  },
  {
    id: 'AIS-CONSENT-033',
    rules: ['AIS-CONSENT-2'],
    title: 'A refused kind of access is SERVICE_INVALID even beside a list of named accounts',
    kind: 'consent',
    changes: ['availableAccounts', 'availableAccountsWithBalance', 'allPsd2'].map((kind): Change => ({
      what: `access.${kind} beside balances`,
      body: (body) => (body.access[kind] = 'allAccounts'),
    })),
    expect: { code: 'SERVICE_INVALID' },
  },
  {
    id: 'AIS-CONSENT-002',
    rules: ['AIS-CONSENT-8'],
    title: 'combinedServiceIndicator true is refused with SERVICE_INVALID',
    kind: 'consent',
    changes: [{ what: 'combinedServiceIndicator true', body: (body) => (body.combinedServiceIndicator = true) }],
    expect: { code: 'SERVICE_INVALID' },
  },
];

/** A revocation-callback URL must be an absolute https URI without fragment: 400. */
const callbackCases: NegativeCase[] = [
  {
    id: 'CB-REG-001',
    rules: ['CB-1'],
    title: 'An http:// callback URL and one with a fragment are refused with 400',
    kind: 'callback',
    changes: [
      { what: 'an http:// URL', replaceBody: { url: 'http://tpp.example/revocations' } },
      { what: 'a URL with a fragment', replaceBody: { url: 'https://tpp.example/revocations#frag' } },
    ],
    expect: { status: 400 },
  },
  {
    id: 'CB-REG-003',
    rules: ['CB-1'],
    title: 'A relative, hostless, non-string or missing callback url is refused with 400',
    kind: 'callback',
    changes: [
      { what: 'a relative URL', replaceBody: { url: '/revocations' } },
      { what: 'https:// without a host', replaceBody: { url: 'https://' } },
      { what: 'a number', replaceBody: { url: 42 } },
      { what: 'no url', replaceBody: {} },
      { what: 'an empty url', replaceBody: { url: '' } },
    ],
    expect: { status: 400 },
  },
];

/** Required fields left out: a 400 refusal (the code the spec gives malformed input). */
const missingCases: NegativeCase[] = [
  ...(['debtorAccount', 'instructedAmount', 'creditorAccount'] as const).map((field): NegativeCase => ({
    id: `REQ-PAYMENT-MISSING-${field.replace(/[A-Z]/g, (letter) => `-${letter}`).toUpperCase()}`,
    rules: ['PIS-INIT-1'],
    title: `A payment initiation without ${field} is refused with 400 whose path names ${field}`,
    kind: 'payment',
    changes: [{ what: `no ${field}`, body: (body) => delete body[field] }],
    expect: { status: 400, path: field },
  })),
  {
    id: 'REQ-CONSENT-MISSING',
    rules: ['AIS-CONSENT-1'],
    title: 'A consent request without access is refused with 400',
    kind: 'consent',
    changes: [{ what: 'no access', body: (body) => delete body.access }],
    expect: { status: 400 },
  },
  {
    id: 'COF-011',
    rules: ['COF-1'],
    title: 'A CoF consent request without account, or with a list of two accounts, is refused with 400',
    kind: 'cof-consent',
    changes: [
      { what: 'no account', body: (body) => delete body.account },
      { what: 'two accounts', body: (body) => (body.account = [body.account, body.account]) },
    ],
    expect: { status: 400 },
  },
  {
    id: 'REQ-FUNDS-MISSING',
    rules: ['COF-7'],
    title:
      'A funds confirmation without account or instructedAmount, or without both (no body, or JSON null), is refused with 400',
    kind: 'funds',
    changes: [
      ...['account', 'instructedAmount'].map((field): Change => ({
        what: `no ${field}`,
        body: (body) => delete body[field],
      })),
      { what: 'no body at all', rawBody: '' },
      { what: 'the body JSON null', rawBody: 'null' },
    ],
    expect: { status: 400 },
  },
  {
    id: 'REQ-BODY-NOT-JSON',
    rules: ['HDR-10'],
    title: 'A body that is not JSON is refused with 400 on every creation',
    kind: 'payment',
    changes: [
      { what: 'cut-off JSON', rawBody: '{"debtorAccount":' },
      { what: 'a JSON array', rawBody: '[]' },
    ],
    expect: { status: 400 },
  },
];

export const requestCases: NegativeCase[] = [
  ...paymentCurrencyCases,
  ...malformedCurrencyCases,
  ...incompleteAmountCases,
  ...otherCurrencyCases,
  ...redirectCases,
  ...missingRedirectCases,
  ...emptyRedirectCases,
  ...serviceCases,
  ...callbackCases,
  ...missingCases,
];
