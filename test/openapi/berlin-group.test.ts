import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildOpenApiDocument } from '../../src/contract/openapi.js';
import { compareDocuments } from './bg-compare.js';
import { DIFFERENCES } from './berlin-group-differences.js';
import { differencesTable, matches } from './bg-table.js';

type Json = Record<string, any>;

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
const result = compareDocuments(buildOpenApiDocument() as Json, berlinGroup);
const page = readFileSync(new URL('../../docs/openapi.md', import.meta.url), 'utf8');

const groupsOf = (key: string) => DIFFERENCES.filter((group) => group.match.some((pattern) => matches(pattern, key)));

describe('the document held against Berlin Group NextGenPSD2 1.3.12, both ways', () => {
  it('shares every operation with the Berlin Group definition except the CoF consents and the revocation callback', () => {
    expect(result.onlyOurs.sort()).toEqual([...NOT_IN_BERLIN_GROUP].sort());
    expect(result.shared).toHaveLength(17);
  });

  it('finds the cancellation’s 200, which Berlin Group does not declare, among the differences', () => {
    expect(result.found.get('status only here: 200')).toEqual(new Set(['cancelPayment 200']));
    expect(result.found.get('status only in Berlin Group: 204')).toEqual(new Set(['cancelPayment 204']));
  });

  it('lists every status and field that differs, with the interface’s reason, in exactly one group', () => {
    const unlisted = [...result.found.keys()].filter((key) => groupsOf(key).length !== 1);
    expect(
      unlisted.map(
        (key) => `${key} (in ${groupsOf(key).length} groups; seen on ${[...result.found.get(key)!].join(', ')})`,
      ),
    ).toEqual([]);
  });

  it('lists no difference the comparison no longer finds', () => {
    const stale = DIFFERENCES.flatMap((group) => group.match).filter(
      (pattern) => ![...result.found.keys()].some((key) => matches(pattern, key)),
    );
    expect(stale).toEqual([]);
  });

  it('shows every difference and every operation it does not compare on the OpenAPI page (docs/openapi.md)', () => {
    expect(page).toContain('# OpenAPI and the Berlin Group definition');
    const table = differencesTable(result.found, result.shared);
    // When the document changes, the message is the table to paste into the page.
    expect(page.includes(table), `docs/openapi.md should hold this table:\n<<<\n${table}\n>>>`).toBe(true);
    for (const operationId of NOT_IN_BERLIN_GROUP) expect(page, operationId).toContain(operationId);
  });
});
