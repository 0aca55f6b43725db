/**
 * Targets nobody here wrote, for judging the kit: a stateless mock of the interface behind mutual
 * TLS (every operation answers its row's success with one canned, contract-valid body: the same ids
 * every time, nothing ever refused, nothing remembered), the same answering the Berlin Group
 * definition's own examples as a mock server generated from it would, a server answering an HTML 502
 * to everything, a mock that stops answering after a number of requests, and a proxy that breaks one
 * rule of a real sandbox behind it. A target of do-nothing powers (an SCA driver that acts on nothing,
 * a clock that never moves, a control API that changes nothing) lets every scenario meet a mock.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { parse } from 'yaml';
import { ENDPOINTS, type OperationId } from '../../src/contract/endpoints.js';
import { matchEndpoint } from '../../src/contract/endpoint-match.js';
import { OUTPUT_SCHEMAS } from '../../src/contract/openapi-schemas.js';
import { berlinGroupPath, resolveIn } from '../openapi/bg-compare.js';
import type { ClientCertificate } from '../../src/kit/client.js';
import type { Capability } from '../../src/kit/scenario.js';
import type { RefusedCertificate, RevokedCertificate } from '../../src/kit/capabilities.js';
import type { Fixtures, Target } from '../../src/kit/target.js';

const IBAN = 'DE89370400440532013000';
const ID = '1234-wertiq-983';
const STATE = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
const links = { self: { href: `/v1/resource/${ID}` }, status: { href: `/v1/resource/${ID}/status` } };
const creationLinks = {
  ...links,
  scaRedirect: { href: `https://bank.example/sca/${ID}?state=${STATE}` },
  scaStatus: { href: `/v1/resource/${ID}/authorisations/${ID}` },
};
const transaction = (n: number) => ({
  transactionId: `tx-${n}`,
  entryReference: `e${n}`,
  transactionAmount: { currency: 'EUR', amount: '-12.50' },
  bookingDate: '2026-11-02',
  valueDate: '2026-11-02',
  creditorName: 'Shop',
});

/** One canned body per response name: what a mock generated from the definition's examples answers. */
const CANNED: Record<string, unknown> = {
  ConsentCreationResponse: { consentId: ID, consentStatus: 'received', authorisationId: ID, _links: creationLinks },
  ConsentResponse: {
    consentId: ID,
    consentStatus: 'valid',
    recurringIndicator: true,
    validUntil: '2027-05-01',
    frequencyPerDay: 4,
    lastActionDate: '2026-11-02',
    access: { balances: [{ iban: IBAN }], transactions: [{ iban: IBAN }] },
    _links: links,
  },
  FundsConfirmationConsentResponse: {
    consentId: ID,
    consentStatus: 'valid',
    validUntil: '2027-05-01',
    lastActionDate: '2026-11-02',
    account: { iban: IBAN },
    _links: links,
  },
  ConsentStatusResponse: { consentStatus: 'valid' },
  Authorisations: { authorisationIds: [ID] },
  ScaStatusResponse: { scaStatus: 'finalised' },
  AccountList: { accounts: [{ resourceId: 'acc-1', iban: IBAN, currency: 'EUR', name: 'Main account' }] },
  AccountResponse: { account: { resourceId: 'acc-1', iban: IBAN, currency: 'EUR', name: 'Main account' } },
  BalanceResponse: {
    account: { iban: IBAN },
    balances: [
      {
        balanceType: 'closingBooked',
        balanceAmount: { currency: 'EUR', amount: '500.00' },
        lastChangeDateTime: '2026-11-02T10:00:00Z',
      },
    ],
  },
  TransactionsResponse: {
    account: { iban: IBAN },
    transactions: {
      booked: [transaction(1), transaction(2)],
      pending: [],
      _links: { account: { href: '/v1/accounts/acc-1' } },
    },
  },
  PaymentInitiationResponse: { transactionStatus: 'RCVD', paymentId: ID, authorisationId: ID, _links: creationLinks },
  PaymentResponse: {
    transactionStatus: 'ACSP',
    debtorAccount: { iban: IBAN },
    creditorAccount: { iban: 'DE23100000001234567890' },
    instructedAmount: { currency: 'EUR', amount: '123.50' },
    creditorName: 'Myshop',
  },
  PaymentStatusResponse: { transactionStatus: 'ACSP' },
  RevocationCallback: {
    url: 'https://tpp.example/xs2a/revocations',
    signatureHeader: 'X-Service-Signature',
    signatureToleranceSeconds: 300,
    secret: 'ab'.repeat(32),
  },
  FundsConfirmationResponse: { fundsAvailable: true },
};

// A mock whose canned bodies broke the contract would judge the kit on the wrong thing.
for (const entry of ENDPOINTS) {
  const name = entry.success.body;
  if (name) OUTPUT_SCHEMAS[name].parse(CANNED[name]);
}

export interface MockServer {
  baseUrl: string;
  /** Requests answered so far. */
  requests(): number;
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1, counting requests; close() drops every connection still open. */
export async function listen(server: Server): Promise<MockServer> {
  const sockets = new Set<Socket>();
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let count = 0;
  server.on('request', () => (count += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `https://localhost:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface ServerCertificates {
  key: string;
  cert: string;
  ca: string;
}

/**
 * The stateless mock: mutual TLS (a certificate is asked for, none is judged), each operation of the
 * endpoint table answered with its success and canned body, any other path a 404 envelope. After
 * `answerFor` requests (when given) it stops: every later connection is closed unanswered.
 */
export function statelessMock(
  certs: ServerCertificates,
  options: { answerFor?: number; bodies?: Readonly<Partial<Record<OperationId, unknown>>> } = {},
): Promise<MockServer> {
  let answered = 0;
  const server = createServer(
    { key: certs.key, cert: certs.cert, ca: certs.ca, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      req.resume();
      req.on('end', () => {
        if (options.answerFor !== undefined && answered >= options.answerFor) {
          req.socket.destroy();
          return;
        }
        answered += 1;
        const url = new URL(req.url ?? '/', 'https://mock.invalid');
        const entry = matchEndpoint(req.method ?? 'GET', url.pathname);
        const echo = { 'X-Request-ID': String(req.headers['x-request-id'] ?? '') };
        if (!entry) {
          res.writeHead(404, { 'Content-Type': 'application/json', ...echo });
          res.end(
            JSON.stringify({
              tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', text: 'No such resource.' }],
            }),
          );
          return;
        }
        const canned = options.bodies?.[entry.operationId] ?? (entry.success.body && CANNED[entry.success.body]);
        const body = entry.success.body ? JSON.stringify(canned) : undefined;
        res.writeHead(entry.success.status, body ? { 'Content-Type': 'application/json', ...echo } : echo);
        res.end(body);
      });
    },
  );
  return listen(server);
}

const BERLIN_GROUP = new URL('../../reference/berlin-group/psd2-api_v1.3.12-2022-07-06.yaml', import.meta.url);

/** A valid IBAN in the examples' place (theirs are often one digit short of their country's length). */
const EXAMPLE_IBAN = 'DE89370400440532013000';

/**
 * The least change that makes each Berlin Group 1.3.12 example valid for this interface's contract
 * (members 1.3.12 lacks, IBANs of the wrong length, booleans written as strings, a 1.3.12 status
 * this interface does not have), merged into the example; an operation without an example gets the
 * canned body. Anything else in the example is kept as the definition wrote it.
 */
const EXAMPLE_REPAIRS: Partial<Record<OperationId, unknown>> = {
  createConsent: {
    authorisationId: '123auth567',
    _links: { self: { href: '/psd2/v1/consents/1234-wertiq-983' } },
  },
  getConsent: {
    consentId: '1234-wertiq-983',
    recurringIndicator: true,
    access: { balances: [{ iban: EXAMPLE_IBAN }], transactions: [{ iban: EXAMPLE_IBAN }] },
  },
  getAccountList: {
    accounts: [
      {
        resourceId: '3dc3d5b3-7023-4848-9853-f5400a64e80f',
        iban: EXAMPLE_IBAN,
        currency: 'EUR',
        product: 'Girokonto',
        cashAccountType: 'CACC',
        name: 'Main Account',
      },
    ],
  },
  getBalances: {
    // This interface lists lastChangeDateTime among a balance's fields; the definition's example leaves it out.
    balances: [
      {
        balanceAmount: { currency: 'EUR', amount: '500.00' },
        balanceType: 'closingBooked',
        lastChangeDateTime: '2017-10-25T15:30:35.035Z',
      },
    ],
  },
  initiatePayment: { authorisationId: '123auth456' },
  getPaymentInitiationStatus: { transactionStatus: 'ACSP' },
  checkAvailabilityOfFunds: { fundsAvailable: true },
};

function merged(example: unknown, repair: unknown): unknown {
  if (repair === undefined) return example;
  if (typeof example !== 'object' || example === null || Array.isArray(example) || Array.isArray(repair)) return repair;
  const out: Record<string, unknown> = { ...(example as Record<string, unknown>) };
  for (const [key, value] of Object.entries(repair as Record<string, unknown>)) out[key] = merged(out[key], value);
  return out;
}

/** A transactions example's rows lack entryReference (a member this interface requires): each gets one. */
function withEntryReferences(example: unknown): unknown {
  const transactions = (example as { transactions?: Record<string, unknown> } | undefined)?.transactions;
  if (!transactions) return example;
  const numbered = (rows: unknown, list: string) =>
    Array.isArray(rows)
      ? rows.map((row: Record<string, unknown>, n: number) => ({ entryReference: `${list}-${n + 1}`, ...row }))
      : rows;
  return {
    ...(example as object),
    account: { iban: EXAMPLE_IBAN },
    transactions: {
      ...transactions,
      booked: numbered(transactions.booked, 'booked'),
      pending: numbered(transactions.pending, 'pending'),
    },
  };
}

/**
 * The success body of every operation as a mock server generated from the Berlin Group 1.3.12
 * definition answers it (the first example of the success response), made contract-valid by
 * `EXAMPLE_REPAIRS`; each is held to the contract here, so the mock judges the kit, not itself.
 */
export function berlinGroupExamples(): Partial<Record<OperationId, unknown>> {
  const definition = parse(readFileSync(BERLIN_GROUP, 'utf8')) as Record<string, any>;
  const bodies: Partial<Record<OperationId, unknown>> = {};
  for (const entry of ENDPOINTS) {
    if (!entry.success.body) continue;
    const operation = definition.paths[berlinGroupPath(entry.path)]?.[entry.method];
    const content = resolveIn(definition, operation?.responses?.[String(entry.success.status)])?.content?.[
      'application/json'
    ];
    const first = content?.example ?? resolveIn(definition, Object.values(content?.examples ?? {})[0] as never)?.value;
    const example =
      first === undefined ? CANNED[entry.success.body] : merged(first, EXAMPLE_REPAIRS[entry.operationId]);
    const body = entry.operationId === 'getTransactionList' ? withEntryReferences(example) : example;
    OUTPUT_SCHEMAS[entry.success.body].parse(body);
    bodies[entry.operationId] = body;
  }
  return bodies;
}

/** The stateless mock answering the Berlin Group definition's examples, as a generated mock server would. */
export function examplesMock(certs: ServerCertificates): Promise<MockServer> {
  return statelessMock(certs, { bodies: berlinGroupExamples() });
}

/** A client certificate a proxy may present upstream in its client's place: the pair the client's certificate belongs to. */
export type KnownCertificates = readonly { cert: string; key: string }[];

/**
 * A bank with one broken rule: a TLS-terminating proxy in front of a real sandbox that passes every
 * request through (presenting upstream the very certificate its client presented, from `known`) and
 * changes one kind of answer with `alter` (e.g. drops a member of consent creation answers).
 */
export function breakingProxy(
  certs: ServerCertificates,
  upstream: { baseUrl: string; ca: string },
  known: KnownCertificates,
  alter: (request: { method: string; path: string }, status: number, body: unknown) => unknown,
  /** Changes a JSON request body before it goes upstream (a bank that reads a request its own way). */
  alterRequest?: (request: { method: string; path: string }, body: unknown) => unknown,
): Promise<MockServer> {
  const byFingerprint = new Map(known.map((pair) => [new X509Certificate(pair.cert).fingerprint256, pair]));
  const server = createServer(
    { key: certs.key, cert: certs.cert, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        const pair = peer?.fingerprint256 ? byFingerprint.get(peer.fingerprint256) : undefined;
        const target = new URL(req.url ?? '/', upstream.baseUrl);
        const requestBody = (sent: Buffer): Buffer => {
          if (!alterRequest || !String(req.headers['content-type'] ?? '').startsWith('application/json')) return sent;
          try {
            const parsed: unknown = JSON.parse(sent.toString('utf8'));
            return Buffer.from(
              JSON.stringify(alterRequest({ method: req.method ?? 'GET', path: target.pathname }, parsed)),
            );
          } catch {
            return sent; // not JSON: the bank refuses it as it is
          }
        };
        const body = requestBody(Buffer.concat(chunks));
        const headers = {
          ...req.headers,
          host: target.host,
          ...(req.headers['content-length'] === undefined ? {} : { 'content-length': String(body.length) }),
        };
        const forward = request(
          target,
          { method: req.method, headers, ca: upstream.ca, ...(pair ?? {}), agent: false },
          (answer) => {
            const parts: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => parts.push(chunk));
            answer.on('end', () => {
              let text = Buffer.concat(parts).toString('utf8');
              const type = String(answer.headers['content-type'] ?? '');
              if (type.startsWith('application/json') && text !== '') {
                const altered = alter(
                  { method: req.method ?? 'GET', path: target.pathname },
                  answer.statusCode ?? 0,
                  JSON.parse(text),
                );
                text = JSON.stringify(altered);
              }
              const { 'content-length': _length, 'transfer-encoding': _encoding, ...rest } = answer.headers;
              res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(text) });
              res.end(text);
            });
          },
        );
        forward.on('error', () => req.socket.destroy());
        forward.end(body);
      });
    },
  );
  return listen(server);
}

/** A web server in front of nothing (502) or of something else (404): an HTML page for every request. */
export function htmlServer(certs: ServerCertificates, status: 404 | 502): Promise<MockServer> {
  const title = status === 502 ? '502 Bad Gateway' : '404 Not Found';
  const server = createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
    req.resume();
    res.writeHead(status, { 'Content-Type': 'text/html' });
    res.end(
      `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>`,
    );
  });
  return listen(server);
}

const FIXTURES: Fixtures = {
  redirectUri: 'https://tpp.example/xs2a/ok',
  nokRedirectUri: 'https://tpp.example/xs2a/nok',
  psu: { id: 'anna', password: 'anna-1234' },
  otherPsu: { id: 'ben', password: 'ben-1234' },
  ibans: {
    main: IBAN,
    second: 'DE75512108001245126199',
    notHeld: 'DE02100100100006820101',
    creditor: 'DE02120300000000202051',
    closed: 'DE48512108001245126200',
    held: 'DE64512108001245126300',
  },
  amounts: { small: '1.25', beyondBalance: '99999.00' },
};

/**
 * A target around a mock with every power the kit can use, each doing nothing: the customer's
 * ceremony acts on nothing and sees no return, the clock reads real time and never moves, the control
 * API changes nothing, and no callback ever arrives.
 */
export function doNothingTarget(
  baseUrl: string,
  ca: string,
  certificates: {
    provider: ClientCertificate;
    second: ClientCertificate;
    withoutCof: ClientCertificate;
    renamed: ClientCertificate;
    refused: Partial<Record<RefusedCertificate, ClientCertificate>>;
    revoked: Partial<Record<RevokedCertificate, ClientCertificate>>;
  },
): Target {
  const capabilities = new Set<Capability>([
    'sca',
    'sca-wrong-code',
    'sca-review-page',
    'clock',
    'control',
    'second-provider',
    'provider-without-cof',
    'renamed-provider',
    'second-psu',
    'closed-account',
    'held-account',
    'callback-endpoint',
    'callback-receiver',
    'refused-certificates',
    'revoked-certificates',
  ]);
  return {
    name: `mock (${baseUrl})`,
    baseUrl,
    ca,
    provider: certificates.provider,
    secondProvider: certificates.second,
    providerWithoutCof: certificates.withoutCof,
    renamedProvider: certificates.renamed,
    refusedCertificates: certificates.refused,
    revokedCertificates: certificates.revoked,
    fixtures: FIXTURES,
    capabilities,
    sca: {
      name: 'does nothing',
      wrongCodes: true,
      readsReviewPage: true,
      // A page that names nobody: nothing a customer sees is read from the target.
      authorise: async () => ({ location: null, reviewText: '' }),
    },
    clock: { now: async () => new Date(), advance: async () => {} },
    control: {
      revokeConsent: async () => {},
      bookTransaction: async () => {},
      setAuthorised: async () => {},
      amendPayment: async () => {},
      answerPayee: async () => {},
    },
    callbacks: {
      url: 'https://localhost:9/xs2a/revocations',
      useSecret: () => {},
      received: () => [],
      waitFor: (count) => Promise.reject(new Error(`no callback arrives (waited for ${count})`)),
      answerNext: () => {},
      quietMs: 0,
    },
    close: async () => {},
  };
}
