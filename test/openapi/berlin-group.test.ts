import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildOpenApiDocument } from '../../src/contract/openapi.js';
import { berlinGroupPath, compareSchemas, resolveIn, type Finding } from './bg-compare.js';

type Json = Record<string, any>;

/**
 * Where our response schemas deliberately differ from Berlin Group 1.3.12 for the operations both
 * define. Keyed by our schema component and the field's location in it. The page
 * docs/openapi.md ("OpenAPI and the Berlin Group definition") shows the same list.
 */
const DELIBERATE_DIFFERENCES: Record<string, string> = {
  'ConsentCreationResponse/authorisationId':
    'Spec "ConsentCreationResponse": the id of the implicitly started authorisation is returned (a field of Berlin Group 1.3.15, which the spec implements; 1.3.12 lacks it).',
  'PaymentInitiationResponse/authorisationId':
    'Spec "PaymentInitiationResponse": as for consents, the implicit authorisation\'s id (Berlin Group 1.3.15).',
  'ConsentResponse/consentId':
    'Spec "ConsentResponse": a read of a consent carries its id; 1.3.12 does not define the field there.',
  'ConsentResponse/account':
    'Spec "ConsentResponse": a confirmation-of-funds consent is read with the same shape and carries `account` instead of `access` (Berlin Group defines CoF consents in a separate document).',
  TppMessages:
    'Spec "Errors" rule 3: a 500 answer carries the envelope with INTERNAL_SERVER_ERROR (best effort), and 429 on funds confirmation carries ACCESS_EXCEEDED; Berlin Group 1.3.12 declares no body for these statuses.',
};

/** Operations of the spec that Berlin Group 1.3.12 does not define: nothing to compare them with. */
const NOT_IN_BERLIN_GROUP = [
  'createFundsConfirmationConsent',
  'getFundsConfirmationConsent',
  'deleteFundsConfirmationConsent',
  'getFundsConfirmationConsentStatus',
  'getFundsConfirmationConsentAuthorisations',
  'getFundsConfirmationConsentScaStatus',
  'getRevocationCallback',
  'putRevocationCallback',
  'deleteRevocationCallback',
];

const REFERENCE = new URL('../../reference/berlin-group/psd2-api_v1.3.12-2022-07-06.yaml', import.meta.url);
const berlinGroup = parse(readFileSync(REFERENCE, 'utf8')) as Json;
const ours = buildOpenApiDocument() as Json;

function compareAll() {
  const findings = new Map<string, { problem: string; where: Set<string> }>();
  const shared: string[] = [];
  const onlyOurs: string[] = [];
  for (const [path, item] of Object.entries(ours.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const theirs = berlinGroup.paths[berlinGroupPath(path)]?.[method] as Json | undefined;
      if (!theirs) {
        onlyOurs.push(op.operationId);
        continue;
      }
      shared.push(op.operationId);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const schema = resolveIn(ours, response)?.content?.['application/json']?.schema as Json | undefined;
        const theirResponse = resolveIn(berlinGroup, theirs.responses[status]);
        if (!schema || !theirResponse) continue;
        const name = (schema.$ref as string).split('/').pop() as string;
        const list: Finding[] = [];
        const theirSchema = theirResponse.content?.['application/json']?.schema as Json | undefined;
        if (theirSchema) compareSchemas(ours, schema, berlinGroup, theirSchema, name, list);
        else list.push({ at: name, problem: 'the Berlin Group declares no JSON body for this status' });
        for (const finding of list) {
          const entry = findings.get(finding.at) ?? { problem: finding.problem, where: new Set<string>() };
          entry.where.add(`${op.operationId} ${status}`);
          findings.set(finding.at, entry);
        }
      }
    }
  }
  return { findings, shared, onlyOurs };
}

const result = compareAll();
const page = readFileSync(new URL('../../docs/openapi.md', import.meta.url), 'utf8');

describe('the document held against Berlin Group NextGenPSD2 1.3.12', () => {
  it('shares every operation with the Berlin Group definition except the CoF consents and the revocation callback', () => {
    expect(result.onlyOurs.sort()).toEqual([...NOT_IN_BERLIN_GROUP].sort());
    expect(result.shared).toHaveLength(17);
  });

  it('declares only fields the Berlin Group defines for the same operation and status, with compatible types and enums, or lists the difference', () => {
    const unlisted = [...result.findings]
      .filter(([at]) => !(at in DELIBERATE_DIFFERENCES))
      .map(([at, finding]) => `${at}: ${finding.problem} (${[...finding.where].join(', ')})`);
    expect(unlisted).toEqual([]);
  });

  it('lists no deliberate difference that the comparison no longer finds', () => {
    expect(Object.keys(DELIBERATE_DIFFERENCES).filter((at) => !result.findings.has(at))).toEqual([]);
  });

  it('shows every deliberate difference and every operation it does not compare on the OpenAPI page (docs/openapi.md)', () => {
    expect(page).toContain('# OpenAPI and the Berlin Group definition');
    for (const at of Object.keys(DELIBERATE_DIFFERENCES)) expect(page, at).toContain(`\`${at}\``);
    for (const operationId of NOT_IN_BERLIN_GROUP) expect(page, operationId).toContain(operationId);
  });
});
