import { describe, expect, it } from 'vitest';
import { DEFAULT_ORGANIZATION_ID, parseOrganizationIdentifier } from './organization-id.js';

describe('parseOrganizationIdentifier', () => {
  it('splits the default identifier into country, NCA and reference', () => {
    expect(parseOrganizationIdentifier(DEFAULT_ORGANIZATION_ID)).toEqual({
      value: 'PSDDE-BAFIN-123456',
      country: 'DE',
      ncaShort: 'BAFIN',
      ncaId: 'DE-BAFIN',
      ncaName: 'Federal Financial Supervisory Authority',
      reference: '123456',
    });
  });

  it('keeps dashes and dots inside the reference', () => {
    const id = parseOrganizationIdentifier('PSDGB-FCA-123.456-A');
    expect(id.ncaShort).toBe('FCA');
    expect(id.reference).toBe('123.456-A');
    expect(id.ncaName).toBe('Financial Conduct Authority');
  });

  it('falls back to the short id as NCA name for authorities it does not know', () => {
    const id = parseOrganizationIdentifier('PSDAT-FMA-42');
    expect(id.ncaName).toBe('FMA');
    expect(id.ncaId).toBe('AT-FMA');
  });

  it.each([
    '',
    'PSDDE-BAFIN-',
    'PSDDE--123',
    'PSDDEU-BAFIN-1',
    'psdde-BAFIN-1',
    'PSDde-BAFIN-1',
    'PSDDE-bafin-1',
    'PSDDE-B-1',
    'PSDDE-TOOLONGNCA-1',
    'NTRDE-HRB12345',
    'PSDDE-BAFIN-12 34',
    'PSDDE-BAFIN-1/2',
    ` ${DEFAULT_ORGANIZATION_ID}`,
    `PSDDE-BAFIN-${'1'.repeat(65)}`,
  ])('rejects %j with a message that shows the expected shape', (value) => {
    expect(() => parseOrganizationIdentifier(value)).toThrow(/expected PSD<country>-<NCA>-<reference>/);
  });
});
