// @peculiar/x509 needs a Reflect metadata polyfill before it loads (see its README);
// reflect-metadata is already installed for selfsigned's copy of the library.
import 'reflect-metadata';
import { X509Certificate } from '@peculiar/x509';
import * as asn1js from 'asn1js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCa } from './ca.js';
import { issueQwac, type PemPair } from './qwac.js';
import { PSP_ROLES } from './roles.js';

// A second opinion on our encoding: @peculiar/x509 parses the certificate and
// asn1js walks the qcStatements value. Nothing from our own decoder is used,
// so a bug that the encoder and decoder share cannot hide here.

interface IndependentReading {
  statementIds: string[];
  roleOids: string[];
  roleNames: string[];
  ncaName: string;
  ncaId: string;
}

function children(node: asn1js.AsnType | undefined, what: string): asn1js.AsnType[] {
  if (!(node instanceof asn1js.Sequence)) throw new Error(`${what} is not a SEQUENCE`);
  return node.valueBlock.value;
}
function oid(node: asn1js.AsnType | undefined): string {
  if (!(node instanceof asn1js.ObjectIdentifier)) throw new Error('not an OBJECT IDENTIFIER');
  return node.valueBlock.toString();
}
function utf8(node: asn1js.AsnType | undefined): string {
  if (!(node instanceof asn1js.Utf8String)) throw new Error('not a UTF8String');
  return node.valueBlock.value;
}

function readIndependently(pem: string): { cert: X509Certificate; qc: IndependentReading; critical: boolean } {
  const cert = new X509Certificate(pem);
  const ext = cert.getExtension('1.3.6.1.5.5.7.1.3');
  if (!ext) throw new Error('no qcStatements extension');
  const parsed = asn1js.fromBER(ext.value);
  if (parsed.offset === -1) throw new Error('asn1js could not parse qcStatements');
  const statements = children(parsed.result, 'QCStatements').map((s) => children(s, 'QCStatement'));
  const psd2 = statements.find((s) => oid(s[0]) === '0.4.0.19495.2');
  if (!psd2) throw new Error('no PSD2 statement');
  const [roles, ncaName, ncaId] = children(psd2[1], 'PSD2QcType');
  const roleSeqs = children(roles, 'RolesOfPSP').map((r) => children(r, 'RoleOfPSP'));
  return {
    cert,
    critical: ext.critical,
    qc: {
      statementIds: statements.map((s) => oid(s[0])),
      roleOids: roleSeqs.map((r) => oid(r[0])),
      roleNames: roleSeqs.map((r) => utf8(r[1])),
      ncaName: utf8(ncaName),
      ncaId: utf8(ncaId),
    },
  };
}

let ca: PemPair;
let caCert: X509Certificate;

beforeAll(async () => {
  ca = await createCa();
  caCert = new X509Certificate(ca.cert);
});

describe('QWACs read by an independent parser (@peculiar/x509 + asn1js)', () => {
  it.each(['rsa', 'ec'] as const)('finds the same roles, NCA and organizationIdentifier in a %s QWAC', async (keyType) => {
    const pair = issueQwac({
      ca,
      name: 'Fintech Ltd',
      organizationIdentifier: 'PSDIE-CBI-C123456',
      roles: ['PSP_PI', 'PSP_IC'],
      keyType,
    });
    const { cert, qc, critical } = readIndependently(pair.cert);

    expect(critical).toBe(false);
    expect(qc.statementIds).toEqual(['0.4.0.1862.1.1', '0.4.0.1862.1.6', '0.4.0.19495.2']);
    expect(qc.roleOids).toEqual([PSP_ROLES.PSP_PI, PSP_ROLES.PSP_IC]);
    expect(qc.roleNames).toEqual(['PSP_PI', 'PSP_IC']);
    expect(qc.ncaName).toBe('Central Bank of Ireland');
    expect(qc.ncaId).toBe('IE-CBI');

    expect(cert.subjectName.getField('2.5.4.97')).toEqual(['PSDIE-CBI-C123456']);
    expect(cert.subjectName.getField('2.5.4.6')).toEqual(['IE']);
    expect(cert.subjectName.getField('2.5.4.10')).toEqual(['Fintech Ltd']);
    expect(cert.issuer).toBe(caCert.subject);
    // The signature checks out with a third implementation as well.
    expect(await cert.verify({ publicKey: caCert, signatureOnly: true })).toBe(true);
  });

  it('sees the QcType statement as a website certificate', () => {
    const pair = issueQwac({ ca, name: 'Web TPP', organizationIdentifier: 'PSDNL-DNB-R1', roles: ['PSP_AI'] });
    const ext = new X509Certificate(pair.cert).getExtension('1.3.6.1.5.5.7.1.3');
    const statements = children(asn1js.fromBER(ext!.value).result, 'QCStatements').map((s) => children(s, 'QCStatement'));
    const qcType = statements.find((s) => oid(s[0]) === '0.4.0.1862.1.6');
    expect(children(qcType?.[1], 'QcType').map(oid)).toEqual(['0.4.0.1862.1.6.3']);
  });

  it('finds no qcStatements in a QWAC issued without the PSD2 statement', () => {
    const pair = issueQwac({
      ca,
      name: 'No Statement',
      organizationIdentifier: 'PSDDE-BAFIN-1',
      roles: ['PSP_AI'],
      withPsd2Statement: false,
    });
    expect(new X509Certificate(pair.cert).getExtension('1.3.6.1.5.5.7.1.3')).toBeNull();
  });
});
