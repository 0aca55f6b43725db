/**
 * Bad input to the test CA's addresses, answered as the rest of the sandbox answers it: an OCSP GET
 * without a request is malformedRequest (RFC 6960 A.1), never an error page or envelope; a change
 * call's body that is not a JSON object is the spec's envelope with the `path` of the field the call
 * needs, and changes nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateFolder, testSandbox, type TestSandbox } from '../helpers/sandbox.js';

let t: TestSandbox;
let dir: string;
let serial: string;

beforeAll(async () => {
  dir = await certificateFolder();
  t = await testSandbox(dir);
  serial = (await t.sandbox.provider('bad-input-tpp')).serialNumber;
  // One revocation on file, so "nothing changed" compares a file that holds something.
  const other = await t.sandbox.provider('revoked-before');
  await t.control(`/certificates/${other.serialNumber}/revoke`, { body: { reason: 'superseded' } });
});

afterAll(async () => {
  await t.sandbox.close();
});

// OCSPResponse { responseStatus ENUMERATED 1 }: malformedRequest, without a body.
const MALFORMED = '30030a0101';

describe('OCSP by GET without a request', () => {
  it.each(['/pki/ocsp', '/pki/ocsp/'])('GET %s is malformedRequest, as a request that is not base64', async (path) => {
    const res = await fetch(`${t.sandbox.portalUrl}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ocsp-response');
    expect(Buffer.from(await res.arrayBuffer()).toString('hex')).toBe(MALFORMED);
  });

  it('another method than GET and POST is still 405, now allowing GET', async () => {
    const res = await fetch(`${t.sandbox.portalUrl}/pki/ocsp`, { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(await res.json()).toMatchObject({ tppMessages: [{ code: 'METHOD_NOT_ALLOWED' }] });
  });
});

describe('a change call whose body is not a JSON object', () => {
  const records = () => readFileSync(join(dir, 'revocations.json'), 'utf8');
  const send = async (action: string, body: string) => {
    const res = await fetch(`${t.sandbox.controlUrl}/certificates/${serial}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, json: (await res.json()) as unknown };
  };

  it.each([
    ['revoke', 'not json', 'reason'],
    ['revoke', '[{"reason":"keyCompromise"}]', 'reason'],
    ['revoke', '"keyCompromise"', 'reason'],
    ['suspend', 'not json', 'at'],
    ['suspend', '[]', 'at'],
  ])('%s with %s is 400 FORMAT_ERROR with path %s, nothing changed', async (action, body, path) => {
    const before = records();
    const answer = await send(action, body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path, text: expect.any(String) }],
    });
    expect(records()).toBe(before);
  });

  it('a field the call does not take is named as the path', async () => {
    const before = records();
    const answer = await send('revoke', '{"reason":"keyCompromise","when":"now"}');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR', path: 'when' }] });
    expect(records()).toBe(before);
  });

  it('resume, which takes no field, refuses such a body saying what to send, without naming a field', async () => {
    for (const body of ['not json', '[]']) {
      const answer = await send('resume', body);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({
        tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'The body is not a JSON object. Send {}.' }],
      });
    }
  });
});
