import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import {
  PSD2_STATEMENT_OID,
  QC_COMPLIANCE_OID,
  QC_TYPE_OID,
  QC_TYPE_WEB_OID,
  decodeQcStatements,
  encodeQcStatements,
  type Psd2Statement,
} from './qc-statements.js';

const { asn1 } = forge;

function der(node: forge.asn1.Asn1): Buffer {
  return Buffer.from(asn1.toDer(node).getBytes(), 'latin1');
}
function seq(...children: forge.asn1.Asn1[]): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, children);
}
function oid(value: string): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
}
function utf8(value: string): forge.asn1.Asn1 {
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTF8, false, forge.util.encodeUtf8(value));
}

const statement: Psd2Statement = {
  roles: [
    { oid: '0.4.0.19495.1.3', name: 'PSP_AI' },
    { oid: '0.4.0.19495.1.2', name: 'PSP_PI' },
  ],
  ncaName: 'Autorité de contrôle prudentiel et de résolution',
  ncaId: 'FR-ACPR',
};

/** A deterministic byte stream, so a failure can be reproduced. */
function* pseudoRandomBuffers(count: number, seed = 0x2545f491): Generator<Buffer> {
  let state = seed;
  for (let n = 0; n < count; n++) {
    const length = 1 + (n % 97);
    const buf = Buffer.alloc(length);
    for (let i = 0; i < length; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      buf[i] = state >>> 24;
    }
    yield buf;
  }
}

describe('qcStatements encoding', () => {
  it('round-trips the PSD2 statement including non-ASCII NCA names', () => {
    expect(decodeQcStatements(der(encodeQcStatements(statement)))).toEqual({
      qcCompliance: true,
      qcTypes: [QC_TYPE_WEB_OID],
      psd2: statement,
    });
  });

  it('writes QcCompliance, QcType web and the PSD2 statement in the ETSI structure', () => {
    const top = encodeQcStatements(statement).value as forge.asn1.Asn1[];
    const ids = top.map((s) => asn1.derToOid((s.value as forge.asn1.Asn1[])[0]!.value as string));
    expect(ids).toEqual([QC_COMPLIANCE_OID, QC_TYPE_OID, PSD2_STATEMENT_OID]);
    // QcCompliance carries no statementInfo.
    expect((top[0]!.value as forge.asn1.Asn1[]).length).toBe(1);
    // The PSD2 info is SEQUENCE { rolesOfPSP, nCAName UTF8String, nCAId UTF8String }.
    const info = (top[2]!.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[];
    expect(info.map((n) => n.type)).toEqual([asn1.Type.SEQUENCE, asn1.Type.UTF8, asn1.Type.UTF8]);
  });

  it('refuses to encode a statement without roles', () => {
    expect(() => encodeQcStatements({ ...statement, roles: [] })).toThrow(/at least one role/);
  });

  it('skips statements it does not know and reports a missing PSD2 statement as undefined', () => {
    const input = der(seq(seq(oid('1.2.3.4'), utf8('whatever')), seq(oid(QC_COMPLIANCE_OID))));
    expect(decodeQcStatements(input)).toEqual({ qcCompliance: true, qcTypes: [] });
  });

  it('keeps role OIDs it does not know, since roles are judged by the caller', () => {
    const input = der(
      seq(seq(oid(PSD2_STATEMENT_OID), seq(seq(seq(oid('0.4.0.19495.1.9'), utf8('PSP_XX'))), utf8('N'), utf8('XX-N')))),
    );
    expect(decodeQcStatements(input).psd2?.roles).toEqual([{ oid: '0.4.0.19495.1.9', name: 'PSP_XX' }]);
  });
});

describe('qcStatements decoding of malformed input', () => {
  const valid = der(encodeQcStatements(statement));

  it('throws an Error for every truncation of a valid value', () => {
    for (let length = 0; length < valid.length; length++) {
      expect(() => decodeQcStatements(valid.subarray(0, length))).toThrow(Error);
    }
  });

  it('throws an Error for trailing bytes after a valid value', () => {
    expect(() => decodeQcStatements(Buffer.concat([valid, Buffer.from([0])]))).toThrow(/malformed DER/);
  });

  it('throws an Error (not a crash or hang) for pseudo-random bytes', () => {
    for (const buf of pseudoRandomBuffers(2000)) {
      expect(() => decodeQcStatements(buf)).toThrow(Error);
    }
  });

  it('throws on absurd lengths and on nesting deep enough to exhaust a naive recursive parser', () => {
    expect(() => decodeQcStatements(Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff]))).toThrow(Error);
    const deep = Buffer.concat([Buffer.alloc(20000, Buffer.from([0x30, 0x80])), Buffer.alloc(20000, 0)]);
    expect(() => decodeQcStatements(deep)).toThrow(/malformed DER/);
  });

  it.each([
    ['a statement that is not a SEQUENCE', seq(oid(QC_COMPLIANCE_OID))],
    ['an INTEGER where the statementId belongs', seq(seq(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, '\x01')))],
    ['a PSD2 statement without info', seq(seq(oid(PSD2_STATEMENT_OID)))],
    ['a PSD2 statement missing nCAId', seq(seq(oid(PSD2_STATEMENT_OID), seq(seq(), utf8('N'))))],
    ['a role without a name', seq(seq(oid(PSD2_STATEMENT_OID), seq(seq(seq(oid('0.4.0.19495.1.3'))), utf8('N'), utf8('X'))))],
    ['a QcType that is not a SEQUENCE OF OID', seq(seq(oid(QC_TYPE_OID), seq(utf8('web'))))],
    [
      'two PSD2 statements',
      seq(
        seq(oid(PSD2_STATEMENT_OID), seq(seq(), utf8('N'), utf8('X'))),
        seq(oid(PSD2_STATEMENT_OID), seq(seq(), utf8('N'), utf8('X'))),
      ),
    ],
  ])('rejects %s', (_label, node) => {
    expect(() => decodeQcStatements(der(node))).toThrow(Error);
  });

  it('rejects a truncated OID and invalid UTF-8', () => {
    const truncatedOid = Buffer.from([0x30, 0x05, 0x30, 0x03, 0x06, 0x01, 0x81]);
    expect(() => decodeQcStatements(truncatedOid)).toThrow(/truncated OBJECT IDENTIFIER/);
    const badUtf8 = seq(
      seq(oid(PSD2_STATEMENT_OID), seq(seq(), asn1.create(asn1.Class.UNIVERSAL, asn1.Type.UTF8, false, '\xff\xfe'), utf8('X'))),
    );
    expect(() => decodeQcStatements(der(badUtf8))).toThrow(/invalid UTF-8/);
  });
});
