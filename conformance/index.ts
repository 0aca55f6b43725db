/**
 * The catalogue: every area's scenarios in the order a run goes through them, and the rule
 * catalogue they enforce. Scenario ids are unique and every rule has a scenario (both tested, and
 * checked again by the kit before a run or a listing).
 */
import type { Scenario } from '../src/kit/scenario.js';
import { aisContentScenarios } from './ais-content.js';
import { almostRightScenarios } from './almost-right.js';
import { almostRightCofScenarios } from './almost-right-cof.js';
import { almostRightConsentScenarios } from './almost-right-consents.js';
import { almostRightLimitScenarios } from './almost-right-limits.js';
import { almostRightPaymentScenarios } from './almost-right-payments.js';
import { almostRightScaScenarios } from './almost-right-sca.js';
import { almostRightSurfaceScenarios } from './almost-right-surface.js';
import { attendedScenarios } from './attended.js';
import { notCarriedScenarios } from './not-carried.js';
import { cardNumberScenarios } from './card-number.js';
import { everyValueScenarios } from './every-value.js';
import { aisDataScenarios } from './ais-data.js';
import { callbackDeliveryScenarios } from './callback-delivery.js';
import { callbackScenarios } from './callbacks.js';
import { cofLifecycleScenarios } from './cof-lifecycles.js';
import { cofScenarios } from './cof.js';
import { consentDetailScenarios } from './consent-details.js';
import { consentGrantScenarios } from './consent-grants.js';
import { consentLifecycleScenarios } from './consent-lifecycles.js';
import { consentScenarios } from './consents.js';
import { identityDetailScenarios } from './identity-details.js';
import { identityRevocationScenarios } from './identity-revocation.js';
import { identityEverywhereScenarios } from './identity-everywhere.js';
import { identityScenarios } from './identity.js';
import { ledgerContentScenarios } from './ledger-content.js';
import { limitBoundaryScenarios } from './limit-boundaries.js';
import { limitScenarios } from './limits.js';
import { negativeScenario, observedScenario, type NegativeCase, type ObservedCase } from './negative/engine.js';
import { formatCases } from './negative/format-cases.js';
import { observedCases, requestCases } from './negative/request-cases.js';
import type { RequestKind } from './negative/requests.js';
import { pagingScenarios } from './paging.js';
import { paymentLifecycleScenarios } from './payment-lifecycles.js';
import { paymentOutcomeScenarios } from './payment-outcomes.js';
import { paymentRequestScenarios } from './payment-requests.js';
import { paymentScenarios } from './payments.js';
import { scaScenarios } from './sca.js';
import { settlementScenarios } from './settlement.js';
import { surfaceScenarios } from './surface.js';
import { uncappedScenarios } from './uncapped.js';

export { RULES as rules } from './rules.js';
export { CONTRACT_RULES as contractRules } from './step-rules.js';

const rows: readonly NegativeCase[] = [...requestCases, ...formatCases];
const observed: readonly ObservedCase[] = observedCases;

/** The negative rows about one kind of request, as scenarios, placed beside that kind's area. */
const rowsFor = (...kinds: RequestKind[]): Scenario[] => [
  ...rows.filter((row) => kinds.includes(row.kind)).map(negativeScenario),
  ...observed.filter((row) => kinds.includes(row.kind)).map(observedScenario),
];

/** Every scenario written for a careless implementation, each placed after the area it belongs to. */
const almostRight: readonly Scenario[] = [
  ...almostRightScenarios,
  ...almostRightPaymentScenarios,
  ...almostRightScaScenarios,
  ...almostRightSurfaceScenarios,
  ...almostRightCofScenarios,
  ...almostRightConsentScenarios,
  ...almostRightLimitScenarios,
];

export const catalogue: readonly Scenario[] = [
  ...identityScenarios,
  ...identityEverywhereScenarios,
  ...identityDetailScenarios,
  ...identityRevocationScenarios,
  ...almostRight.filter((s) => s.area === 'identity'),
  ...surfaceScenarios,
  ...consentScenarios,
  ...consentGrantScenarios,
  ...consentLifecycleScenarios,
  ...consentDetailScenarios,
  ...almostRight.filter((s) => s.area === 'consents'),
  ...rowsFor('consent'),
  ...scaScenarios,
  ...almostRight.filter((s) => s.area === 'sca'),
  ...aisDataScenarios,
  ...aisContentScenarios,
  ...notCarriedScenarios.filter((s) => s.area === 'ais-data'),
  ...everyValueScenarios.filter((s) => s.area === 'ais-data'),
  ...almostRight.filter((s) => s.area === 'ais-data'),
  ...ledgerContentScenarios,
  ...pagingScenarios,
  ...almostRight.filter((s) => s.area === 'paging'),
  ...limitScenarios,
  ...limitBoundaryScenarios,
  ...uncappedScenarios,
  ...attendedScenarios,
  ...almostRight.filter((s) => s.area === 'limits'),
  ...paymentScenarios,
  ...paymentRequestScenarios,
  ...paymentLifecycleScenarios,
  ...paymentOutcomeScenarios,
  ...settlementScenarios,
  ...almostRight.filter((s) => s.area === 'payments'),
  ...rowsFor('payment', 'instant-payment'),
  ...cofScenarios,
  ...cofLifecycleScenarios,
  ...cardNumberScenarios,
  ...almostRight.filter((s) => s.area === 'cof'),
  ...notCarriedScenarios.filter((s) => s.area === 'cof'),
  ...everyValueScenarios.filter((s) => s.area === 'cof'),
  ...rowsFor('cof-consent', 'funds'),
  ...callbackScenarios,
  ...callbackDeliveryScenarios,
  ...almostRight.filter((s) => s.area === 'callbacks'),
  ...rowsFor('callback'),
];
