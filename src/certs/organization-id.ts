/**
 * The organizationIdentifier subject attribute of a PSD2 certificate
 * (ETSI TS 119 495 section 5.2.1): "PSD" + country + "-" + NCA id + "-" +
 * the authorisation number the NCA gave the provider.
 */
export interface OrganizationId {
  /** The whole identifier as written in the certificate. */
  value: string;
  /** ISO 3166 country code of the competent authority, e.g. "DE". */
  country: string;
  /** The NCA's short identifier, e.g. "BAFIN". */
  ncaShort: string;
  /** The NCA id as written into the PSD2 QC statement, e.g. "DE-BAFIN". */
  ncaId: string;
  /** Human-readable NCA name for the PSD2 QC statement. */
  ncaName: string;
  /** The provider's authorisation number at the NCA. */
  reference: string;
}

export const DEFAULT_ORGANIZATION_ID = 'PSDDE-BAFIN-123456';

/**
 * Names of a few well-known authorities, so that sandbox certificates look
 * like real ones. Anything else falls back to the short id: the NCA name is
 * informational and no verifier relies on it.
 */
const NCA_NAMES: Readonly<Record<string, string>> = {
  BAFIN: 'Federal Financial Supervisory Authority',
  FCA: 'Financial Conduct Authority',
  ACPR: 'Autorité de contrôle prudentiel et de résolution',
  DNB: 'De Nederlandsche Bank',
  CBI: 'Central Bank of Ireland',
};

// The NCA part cannot contain '-', so the first '-' after it unambiguously
// starts the reference, which itself may contain '-'.
const ORGANIZATION_ID_PATTERN = /^PSD([A-Z]{2})-([A-Z0-9]{2,8})-([A-Za-z0-9.-]{1,64})$/;

const EXPECTED_SHAPE =
  'expected PSD<country>-<NCA>-<reference>, e.g. PSDDE-BAFIN-123456 ' +
  '(country: 2 uppercase letters; NCA: 2-8 uppercase letters/digits; ' +
  'reference: 1-64 letters, digits, "." or "-")';

export function parseOrganizationIdentifier(value: string): OrganizationId {
  if (typeof value !== 'string') {
    throw new Error(`Invalid organizationIdentifier: not a string; ${EXPECTED_SHAPE}`);
  }
  const match = ORGANIZATION_ID_PATTERN.exec(value);
  if (!match) {
    throw new Error(`Invalid organizationIdentifier ${JSON.stringify(value)}: ${EXPECTED_SHAPE}`);
  }
  const [, country, ncaShort, reference] = match as unknown as [string, string, string, string];
  return {
    value,
    country,
    ncaShort,
    ncaId: `${country}-${ncaShort}`,
    ncaName: Object.hasOwn(NCA_NAMES, ncaShort) ? (NCA_NAMES[ncaShort] as string) : ncaShort,
    reference,
  };
}
