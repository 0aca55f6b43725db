import { describe, expect, it } from 'vitest';
import { lastFour, luhn, maskBody, maskHeaders, maskQuery, maskText, maskUrl, maskValue } from './mask.js';

const KEY_PEM = '-----BEGIN PRIVATE KEY-----\nMIIEv...\n-----END PRIVATE KEY-----';

describe('masking of recorded exchanges', () => {
  it('masks Authorization and cookies but keeps other headers', () => {
    expect(
      maskHeaders({ Authorization: 'Bearer t0ken', cookie: 'sid=1', 'X-Request-ID': 'abc', skipped: undefined }),
    ).toEqual({ Authorization: '***', cookie: '***', 'X-Request-ID': 'abc' });
  });

  it('masks secret, password and key fields at any depth', () => {
    expect(
      maskValue({ url: 'https://x', secret: 'ab'.repeat(32), nested: [{ password: 'p', key: 'k', iban: 'DE12' }] }),
    ).toEqual({
      url: 'https://x',
      secret: '***',
      nested: [{ password: '***', key: '***', iban: 'DE12' }],
    });
  });

  it('replaces any PEM block inside a string, certificate or key', () => {
    expect(maskValue({ note: `before ${KEY_PEM} after` })).toEqual({ note: 'before [PEM masked] after' });
  });

  it('masks a JSON body field by field and keeps a non-JSON body as masked text', () => {
    expect(maskBody('{"secret":"s","consentId":"c"}')).toEqual({ secret: '***', consentId: 'c' });
    expect(maskBody(`plain ${KEY_PEM}`)).toBe('plain [PEM masked]');
    expect(maskBody('')).toBeUndefined();
  });
});

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUabc+/=\n-----END CERTIFICATE-----';

describe('the masking policy', () => {
  it('reduces a card number (13 to 19 digits, Luhn) to its last four digits wherever it stands', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(maskText('card 4111111111111111.')).toBe('card ************1111.');
    expect(maskText('4111 1111 1111 1111')).toBe('**** **** **** 1111');
    expect(maskText('4111-1111-1111-1111')).toBe('****-****-****-1111');
    expect(maskText('378282246310005')).toBe('***********0005');
    expect(maskText('ref4111111111111111x')).toBe('ref************1111x');
    expect(maskBody('{"n":4111111111111111111}')).toEqual({ n: '***************1000' });
    expect(maskValue({ cardNumber: 'x 12345678' })).toEqual({ cardNumber: ' ****5678' });
  });

  it('leaves what is no card number: a failed checksum, IBANs, UUIDs, dates, amounts, too few or too many digits', () => {
    for (const text of [
      '4111111111111112',
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
      // An IBAN (its checksum and its country's length) whose digits pass Luhn's checksum is still an IBAN.
      'BE53539007705414',
      'DK7900539007562872',
      'pay to NO2953900757079.',
      'ce12cd94-1111-4000-8000-000000000000',
      '2026-03-02T10:00:00.000Z',
      '123456789012',
      '41111111111111111111',
      'amount 10.01',
    ])
      expect(maskText(text)).toBe(text);
  });

  it('masks a card number that only looks like an IBAN: two letters before it are no checksum', () => {
    expect(maskText('AB4111111111111111')).toBe('AB************1111');
    expect(maskText('ref XX004111111111111111 ok')).toBe('ref XX**************1111 ok');
    // The shape and the length of a Belgian IBAN, its check digits wrong.
    expect(maskText('BE12539007705414')).toBe('BE**********5414');
  });

  it('masks a card number in groups in a query or a form body, where + stands for a space', () => {
    expect(maskQuery('q=4111+1111+1111+1111&n=1')).toBe('q=****%20****%20****%201111&n=1');
    expect(maskUrl('/v1/x?q=4111+1111+1111+1111')).toBe('/v1/x?q=****%20****%20****%201111');
    expect(maskBody('note=card+4111+1111+1111+1111')).toBe('note=card%20****%20****%20****%201111');
    // Nothing to mask: the parameter stays as it was sent.
    expect(maskQuery('q=a+b&d=2026-03-02')).toBe('q=a+b&d=2026-03-02');
  });

  it('masks a PEM block plain, percent-encoded, form-encoded and encoded twice', () => {
    expect(maskText(`a ${PEM} b`)).toBe('a [PEM masked] b');
    expect(maskText(`k=${encodeURIComponent(PEM)}`)).toBe('k=[PEM masked]');
    expect(maskText(`k=${encodeURIComponent(PEM).replace(/-/g, '%2D')}`)).toBe(
      `k=${encodeURIComponent('[PEM masked]')}`,
    );
    expect(maskQuery(`k=${encodeURIComponent(PEM).replace(/%20/g, '+')}&n=1`)).toBe('k=[PEM masked]&n=1');
    expect(maskQuery(`k=${encodeURIComponent(encodeURIComponent(PEM))}`)).not.toContain('MIIBszCCAVmg');
    // Cut by a raw & (a client that did not encode it): the rest up to its END line is masked too.
    expect(maskQuery(`a=1&k=-----BEGIN+KEY-----%0AMIIBsz&CCAVmg%0A-----END+KEY-----&b=2`)).toBe(
      'a=1&k=[PEM masked]&***&b=2',
    );
    expect(maskText('-----BEGIN KEY-----\nMIIBsz cut here')).toBe('[PEM masked]');
  });

  it('masks the callback secret anywhere, and secrets by name in queries, headers and bodies', () => {
    const secret = 'ab'.repeat(32);
    expect(maskText(`the secret ${secret}.`)).toBe('the secret ***.');
    // Written after a prefix (`0x`), or inside a longer run of hexadecimal digits: still the secret.
    expect(maskText(`0x${secret}`)).toBe('0x***');
    expect(maskText(`x${secret}`)).toBe('x***');
    expect(maskText(`sha${secret}ff`)).toBe('sh***');
    expect(maskText('ab'.repeat(31))).toBe('ab'.repeat(31));
    expect(maskQuery(`password=p&access_token=t&cardNumber=4111111111111111&q=1`)).toBe(
      'password=***&access_token=***&cardNumber=************1111&q=1',
    );
    expect(maskQuery('access-token=t&api-key=k&client-secret=s&card-number=4111111111111111')).toBe(
      'access-token=***&api-key=***&client-secret=***&card-number=************1111',
    );
    expect(maskBody('{"private-key":"k","primary-account-number":"4111111111111111"}')).toEqual({
      'private-key': '***',
      'primary-account-number': '************1111',
    });
    expect(
      maskHeaders({
        authorization: 'Bearer x',
        'x-api-key': 'k',
        'x-auth-token': 't',
        'x-card-number': '4111 1111 1111 1111',
        accept: 'a',
      }),
    ).toEqual({
      authorization: '***',
      'x-api-key': '***',
      'x-auth-token': '***',
      'x-card-number': '**** **** **** 1111',
      accept: 'a',
    });
    expect(maskBody('password=p&note=4111111111111111')).toBe('password=***&note=************1111');
    expect(maskBody('{"secret":"s","pan":4111111111111111,"n":4111111111111111}')).toEqual({
      secret: '***',
      pan: '************1111',
      n: '************1111',
    });
    expect(maskUrl(`/v1/x/4111111111111111?token=t`)).toBe('/v1/x/************1111?token=***');
    expect(maskHeaders({ 'x-4111111111111111': 'v' })).toEqual({ 'x-************1111': 'v' });
  });

  it('is idempotent: masking twice changes nothing', () => {
    for (const text of [
      `k=${encodeURIComponent(PEM)}&c=4111111111111111`,
      `${PEM} 4111 1111 1111 1111 ${'0'.repeat(64)}`,
      'q=4111+1111+1111+1111&ref=AB4111111111111111&h=0x' + 'ab'.repeat(40),
    ]) {
      const once = maskText(text);
      expect(maskText(once)).toBe(once);
      expect(maskQuery(maskQuery(text))).toBe(maskQuery(text));
    }
    expect(lastFour('12')).toBe('**');
    expect(maskHeaders(maskHeaders({ 'x-card-number': '4111111111111111' }))).toEqual({
      'x-card-number': '************1111',
    });
    expect(maskValue(maskValue({ cardNumber: '4111 1111 1111 1111' }))).toEqual({ cardNumber: '**** **** **** 1111' });
  });
});
