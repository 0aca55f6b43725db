/**
 * What one scenario's steps receive (context.ts): clients recording into its exchanges, the target's
 * powers behind the capabilities it declared, the run's shared resources and settings.
 */
import { readQwacPem } from '../certs/index.js';
import { createClient, type ConnectionPool, type ContractRules } from './client.js';
import type { ScenarioContext } from './context.js';
import type { Observation, TransportSummary } from './events.js';
import type { Exchange } from './exchange.js';
import { ensure, Inconclusive, ScaDriverFailed } from './failure.js';
import type { ObservedSettings } from './observed-settings.js';
import { scenarioClient, type ScenarioClient } from './operations.js';
import type { RetryPolicy } from './retry.js';
import type { Capability, Scenario } from './scenario.js';
import type { Target } from './target.js';

/** Run-scoped memo behind `ctx.shared`: one pending or settled value per key. */
export type SharedMemo = Map<string, Promise<unknown>>;

/** What the run lends every scenario. */
export interface RunResources {
  target: Target;
  memo: SharedMemo;
  settings: ObservedSettings;
  pool: ConnectionPool;
  retry: RetryPolicy;
  transport: TransportSummary;
  contractRules: ContractRules;
}

/** The statuses of a consent and of a payment that await the customer. */
const UNDECIDED: readonly string[] = ['received', 'RCVD'];

/** What the runner lends a ceremony: the scenario's time limit to pause while a person acts, and its end. */
export interface Ceremony {
  hold(): () => void;
  signal: AbortSignal;
}

/** A capability the target declares but whose value (a certificate, a customer) its config lacks. */
export class MissingFixture extends Inconclusive {}

export function scenarioContext(
  scenario: Scenario,
  run: RunResources,
  exchanges: Exchange[],
  observe: (observation: Observation) => void,
  uncheck: (check: string, reason: string) => void,
  ceremony: Ceremony = { hold: () => () => {}, signal: new AbortController().signal },
): ScenarioContext {
  const { target, memo, settings } = run;
  const record = (exchange: Exchange) => exchanges.push(exchange);
  const client = (label: string, certificate: Target['provider'] | null): ScenarioClient =>
    scenarioClient(
      createClient({
        baseUrl: target.baseUrl,
        ca: target.ca,
        certificate,
        label,
        record,
        pool: run.pool,
        retry: run.retry,
        transport: run.transport,
        contractRules: run.contractRules,
      }),
    );
  const declared = <T>(capability: Capability, value: T | undefined): T => {
    if (!scenario.needs.includes(capability))
      throw new Error(`scenario ${scenario.id} uses ${capability} without declaring it in needs`);
    if (value === undefined)
      throw new MissingFixture(`the target declares ${capability} but its config does not provide it`);
    return value;
  };
  return {
    baseUrl: target.baseUrl,
    api: client('provider', target.provider),
    anonymous: client('no certificate', null),
    secondApi: () => client('second provider', declared('second-provider', target.secondProvider)),
    apiWithoutCof: () => client('provider without PSP_IC', declared('provider-without-cof', target.providerWithoutCof)),
    renamedProvider: () => {
      const certificate = declared('renamed-provider', target.renamedProvider);
      return { api: client('renamed provider', certificate), name: readQwacPem(certificate.cert).organizationName };
    },
    refusedApi: (kind) => {
      const certificate = declared('refused-certificates', target.refusedCertificates)[kind];
      return certificate ? client(`refused certificate (${kind})`, certificate) : undefined;
    },
    revokedApi: (kind) => {
      const certificate = declared('revoked-certificates', target.revokedCertificates)[kind];
      return certificate ? client(`revoked certificate (${kind})`, certificate) : undefined;
    },
    fixtures: target.fixtures,
    authorise: async (scaRedirect, options) => {
      const driver = declared('sca', target.sca);
      const psu = options.psu === 'otherPsu' ? declared('second-psu', target.fixtures.otherPsu) : target.fixtures.psu;
      // Nothing is decided before the customer acts (spec "States"): a target that reports a decision
      // already would let every check after the ceremony pass without the ceremony doing anything.
      if (!options.reopen) {
        const before = await options.status();
        ensure(
          UNDECIDED.includes(before),
          `the status before the customer acted is ${before}, not received (consent) or RCVD (payment)`,
          { expected: UNDECIDED, actual: before },
        );
      }
      const wrongCodes = options.wrongCodes
        ? { wrongCodes: declared('sca-wrong-code', driver.wrongCodes ? options.wrongCodes : undefined) }
        : {};
      // While a person acts, the driver's own time-out is the limit it printed, not the scenario's.
      const release = driver.waitsForPeople ? ceremony.hold() : () => {};
      try {
        return await driver.authorise({
          scaRedirect,
          authorisationId: options.authorisationId,
          psu,
          decision: options.decision ?? 'approve',
          status: options.status,
          record,
          scenario: `${scenario.id} ${scenario.title}`,
          signal: ceremony.signal,
          ...wrongCodes,
        });
      } catch (error) {
        // The customer's stand-in could not act (a page it cannot read, a person who did not come):
        // what follows could not be checked, which says nothing about the target's rule.
        if (error instanceof Inconclusive) throw error;
        throw new ScaDriverFailed(driver.name, error);
      } finally {
        release();
      }
    },
    clock: () => declared('clock', target.clock),
    control: () => declared('control', target.control),
    callbacks: () => declared('callback-receiver', target.callbacks),
    secondProviderId: () => {
      const identity = readQwacPem(declared('second-provider', target.secondProvider).cert);
      if (!identity.organizationIdentifier)
        throw new MissingFixture('the second provider certificate carries no organizationIdentifier');
      return identity.organizationIdentifier;
    },
    providerName: () => readQwacPem(target.provider.cert).organizationName,
    shared: async <T>(key: string, create: () => Promise<T>, usable?: (value: T) => Promise<boolean>): Promise<T> => {
      if (!scenario.shares.includes(key))
        throw new Error(`scenario ${scenario.id} uses the shared ${key} without declaring it in shares`);
      const kept = memo.get(key) as Promise<T> | undefined;
      if (kept) {
        // A kept value that failed to be made, or no longer serves, is made again (and said so).
        const value = await kept.catch(() => undefined);
        if (value !== undefined) {
          if (!usable || (await usable(value))) return value;
          observe({ point: `shared ${key} made again: the kept one no longer serves`, value });
        }
      }
      const made = create();
      memo.set(key, made);
      made.catch(() => {
        if (memo.get(key) === made) memo.delete(key);
      });
      return made;
    },
    observe: (point, value) => observe({ point, value }),
    observeSetting: (name, value) => {
      settings.record(name, value, scenario.id);
      observe({ point: `setting ${name}`, value });
    },
    unchecked: uncheck,
  };
}
