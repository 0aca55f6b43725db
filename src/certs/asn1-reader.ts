/**
 * Defensive helpers for walking DER with node-forge's ASN.1 parser.
 *
 * Everything here may see bytes from the network (a TPP's client certificate),
 * so every accessor checks the tag it expects and throws a plain Error naming
 * the field ("<what>: ...") instead of returning undefined or a bogus value.
 * forge's own helpers are too lenient for that (derToOid returns undefined on
 * empty input, utcTimeToDate turns garbage into an Invalid Date), so OIDs,
 * times and strings are decoded here.
 */
import forge from 'node-forge';

type Asn1 = forge.asn1.Asn1;

export const UNIVERSAL = forge.asn1.Class.UNIVERSAL;
export const CONTEXT_SPECIFIC = forge.asn1.Class.CONTEXT_SPECIFIC;

/** Universal tag numbers used by the certificate code (forge's enum lacks some). */
export const TAG = {
  BOOLEAN: 1,
  INTEGER: 2,
  BIT_STRING: 3,
  OCTET_STRING: 4,
  NULL: 5,
  OID: 6,
  UTF8_STRING: 12,
  SEQUENCE: 16,
  SET: 17,
  NUMERIC_STRING: 18,
  PRINTABLE_STRING: 19,
  TELETEX_STRING: 20,
  IA5_STRING: 22,
  UTC_TIME: 23,
  GENERALIZED_TIME: 24,
  VISIBLE_STRING: 26,
  UNIVERSAL_STRING: 28,
  BMP_STRING: 30,
} as const;

interface FromDerOptions {
  strict: boolean;
  parseAllBytes: boolean;
  decodeBitStrings: boolean;
}

// @types/node-forge only types the boolean `strict` overload of fromDer; the
// options object is what lets us switch off BIT STRING guessing.
const fromDer = forge.asn1.fromDer as unknown as (bytes: string, options: FromDerOptions) => Asn1;

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Parses one complete DER value. decodeBitStrings is off because forge would
 * otherwise try to read every BIT STRING (public keys, signatures) as nested
 * ASN.1 and, for random-looking bytes, sometimes succeed.
 */
export function parseDer(der: Uint8Array | string, what: string): Asn1 {
  const bytes = typeof der === 'string' ? der : Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('latin1');
  if (bytes.length === 0) throw new Error(`${what}: empty input`);
  try {
    return fromDer(bytes, { strict: true, parseAllBytes: true, decodeBitStrings: false });
  } catch (err) {
    throw new Error(`${what}: malformed DER (${messageOf(err)})`, { cause: err });
  }
}

export function toDerBytes(node: Asn1): string {
  return forge.asn1.toDer(node).getBytes();
}

export function isTag(node: Asn1 | undefined, tagClass: number, type: number): node is Asn1 {
  return node !== undefined && node.tagClass === tagClass && node.type === type;
}

/** Children of a constructed value with the given universal tag. */
export function expectConstructed(node: Asn1 | undefined, type: number, what: string): Asn1[] {
  if (!node || node.tagClass !== UNIVERSAL || node.type !== type || !node.constructed || !Array.isArray(node.value)) {
    throw new Error(`${what}: expected ${type === TAG.SET ? 'SET' : 'SEQUENCE'}`);
  }
  return node.value;
}

export function expectSequence(node: Asn1 | undefined, what: string): Asn1[] {
  return expectConstructed(node, TAG.SEQUENCE, what);
}

/** The content octets (as a forge binary string) of a primitive value. */
export function expectPrimitive(node: Asn1 | undefined, type: number, what: string, name: string): string {
  if (!node || node.tagClass !== UNIVERSAL || node.type !== type || node.constructed || typeof node.value !== 'string') {
    throw new Error(`${what}: expected ${name}`);
  }
  return node.value;
}

/** Decodes an OBJECT IDENTIFIER strictly: no empty, truncated or non-minimal arcs. */
export function readOid(node: Asn1 | undefined, what: string): string {
  const bytes = expectPrimitive(node, TAG.OID, what, 'OBJECT IDENTIFIER');
  if (bytes.length === 0) throw new Error(`${what}: empty OBJECT IDENTIFIER`);
  const arcs: number[] = [];
  let value = 0;
  let inArc = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes.charCodeAt(i);
    if (!inArc && b === 0x80) throw new Error(`${what}: non-minimal OBJECT IDENTIFIER arc`);
    // Stop before value * 128 could leave the safe-integer range.
    if (value > 0x3fffffffffff) throw new Error(`${what}: OBJECT IDENTIFIER arc too large`);
    value = value * 128 + (b & 0x7f);
    inArc = true;
    if ((b & 0x80) === 0) {
      arcs.push(value);
      value = 0;
      inArc = false;
    }
  }
  if (inArc) throw new Error(`${what}: truncated OBJECT IDENTIFIER`);
  const first = arcs[0] as number;
  const head = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80];
  return [...head, ...arcs.slice(1)].join('.');
}

export function readBoolean(node: Asn1 | undefined, what: string): boolean {
  const bytes = expectPrimitive(node, TAG.BOOLEAN, what, 'BOOLEAN');
  if (bytes.length !== 1) throw new Error(`${what}: BOOLEAN must be one byte`);
  return bytes !== '\x00';
}

const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;
const GENERALIZED_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/;

/** Reads a certificate Time (RFC 5280 4.1.2.5: UTCTime or GeneralizedTime, Zulu, seconds). */
export function readTime(node: Asn1 | undefined, what: string): Date {
  let match: RegExpExecArray | null;
  let year = 0;
  if (isTag(node, UNIVERSAL, TAG.UTC_TIME)) {
    match = UTC_TIME.exec(expectPrimitive(node, TAG.UTC_TIME, what, 'UTCTime'));
    if (match) {
      const yy = Number(match[1]);
      // RFC 5280: two-digit years 50-99 are 19xx, 00-49 are 20xx.
      year = yy >= 50 ? 1900 + yy : 2000 + yy;
    }
  } else if (isTag(node, UNIVERSAL, TAG.GENERALIZED_TIME)) {
    match = GENERALIZED_TIME.exec(expectPrimitive(node, TAG.GENERALIZED_TIME, what, 'GeneralizedTime'));
    if (match) year = Number(match[1]);
  } else {
    throw new Error(`${what}: expected UTCTime or GeneralizedTime`);
  }
  if (!match) throw new Error(`${what}: time is not in the RFC 5280 form YYMMDDHHMMSSZ / YYYYMMDDHHMMSSZ`);
  const [month, day, hour, minute, second] = match.slice(2).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC silently rolls over (month 13, day 32, ...); a round trip catches it.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute ||
    date.getUTCSeconds() !== second
  ) {
    throw new Error(`${what}: not a valid calendar time`);
  }
  return date;
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

/** Reads any of the string types a DirectoryString or a QC statement may use. */
export function readString(node: Asn1 | undefined, what: string): string {
  if (!node || node.tagClass !== UNIVERSAL || node.constructed || typeof node.value !== 'string') {
    throw new Error(`${what}: expected a string value`);
  }
  const bytes = node.value;
  switch (node.type as number) {
    case TAG.UTF8_STRING:
      try {
        return utf8Decoder.decode(Buffer.from(bytes, 'latin1'));
      } catch {
        throw new Error(`${what}: invalid UTF-8 in UTF8String`);
      }
    case TAG.PRINTABLE_STRING:
    case TAG.NUMERIC_STRING:
    case TAG.IA5_STRING:
    case TAG.VISIBLE_STRING:
    case TAG.TELETEX_STRING:
      // Single-byte encodings; Teletex is treated as Latin-1 like most tools do.
      return bytes;
    case TAG.BMP_STRING:
      // forge has already turned the UTF-16BE pairs into JS characters.
      return bytes;
    case TAG.UNIVERSAL_STRING: {
      if (bytes.length % 4 !== 0) throw new Error(`${what}: UniversalString length is not a multiple of 4`);
      let out = '';
      for (let i = 0; i < bytes.length; i += 4) {
        const cp =
          bytes.charCodeAt(i) * 0x1000000 +
          (bytes.charCodeAt(i + 1) << 16) +
          (bytes.charCodeAt(i + 2) << 8) +
          bytes.charCodeAt(i + 3);
        if (cp > 0x10ffff) throw new Error(`${what}: invalid code point in UniversalString`);
        out += String.fromCodePoint(cp);
      }
      return out;
    }
    default:
      throw new Error(`${what}: unsupported string type (tag ${node.type})`);
  }
}

/** Encodes a JS string as a UTF8String node (forge wants UTF-8 bytes, not text). */
export function utf8StringNode(value: string): Asn1 {
  return forge.asn1.create(UNIVERSAL, forge.asn1.Type.UTF8, false, forge.util.encodeUtf8(value));
}

export function oidNode(oid: string): Asn1 {
  // forge.asn1.oidToDer accepts nonsense like "1..2" silently; we only ever
  // pass constants or values checked with this pattern.
  if (!/^[0-2](\.(0|[1-9]\d*))+$/.test(oid)) throw new Error(`Invalid OBJECT IDENTIFIER ${JSON.stringify(oid)}`);
  return forge.asn1.create(UNIVERSAL, forge.asn1.Type.OID, false, forge.asn1.oidToDer(oid).getBytes());
}

export function sequenceNode(children: Asn1[]): Asn1 {
  return forge.asn1.create(UNIVERSAL, forge.asn1.Type.SEQUENCE, true, children);
}
