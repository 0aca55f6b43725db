import { describe, expect, it } from 'vitest';
import { brokenConnection, notTls } from './broken-connection.js';

const blame = {
  target: '--target https://bank.example:8443',
  ca: 'ca (bank/ca.pem)',
  certificate: 'provider (certs/tpp.crt)',
};
const broken = (code: string, message: string, secured = false) => ({
  kind: 'broken' as const,
  code,
  message,
  secured,
});
const line = (code: string, message: string, secured = false, plainHttp = false) =>
  brokenConnection(broken(code, message, secured), blame, plainHttp).message;

describe('the configuration mistake behind a broken probe connection', () => {
  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ENOTFOUND', 'host name not found'],
    ['EAI_AGAIN', 'host name lookup failed'],
    ['ETIMEDOUT', 'no answer in time'],
    ['EHOSTUNREACH', 'host unreachable'],
  ])('%s is a target that cannot be reached, naming --target', (code, reason) => {
    expect(line(code, 'detail')).toBe(`--target https://bank.example:8443: cannot connect (${reason}: detail)`);
  });

  it('a server that does not speak TLS is the plain-HTTP port when plain HTTP answers there, else no TLS server', () => {
    const wrong = broken('ERR_SSL_WRONG_VERSION_NUMBER', 'ssl3_get_record:wrong version number');
    expect(notTls(wrong)).toBe(true);
    expect(brokenConnection(wrong, blame, true).message).toBe(
      "--target https://bank.example:8443 speaks plain HTTP, not HTTPS: is it the customer surface's port? The XS2A API is the mutual-TLS port",
    );
    expect(brokenConnection(wrong, blame, false).message).toBe(
      '--target https://bank.example:8443: no TLS server answers there (ERR_SSL_WRONG_VERSION_NUMBER)',
    );
    expect(notTls(broken('ECONNREFUSED', 'refused'))).toBe(false);
  });

  it.each(['SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'DEPTH_ZERO_SELF_SIGNED_CERT'])(
    '%s is a CA that does not verify the target, naming ca',
    (code) => {
      expect(line(code, 'self-signed certificate in certificate chain')).toBe(
        "ca (bank/ca.pem) does not verify the target's server certificate (self-signed certificate in certificate chain)",
      );
    },
  );

  it('a server certificate for another host or outside its validity names the target', () => {
    expect(line('ERR_TLS_CERT_ALTNAME_INVALID', 'Host: x. is not in the cert')).toMatch(
      /^--target https:\/\/bank\.example:8443: the server certificate is not issued for this host name/,
    );
    expect(line('CERT_HAS_EXPIRED', 'certificate has expired')).toMatch(/outside its validity/);
  });

  it('an alert of the server, or a connection dropped once TLS stood, is the client certificate refused at the handshake', () => {
    const refused = 'provider (certs/tpp.crt): the target refuses this certificate at the TLS handshake';
    expect(line('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', 'alert 116')).toBe(`${refused} (alert 116)`);
    expect(line('ERR_SSL_TLSV1_ALERT_UNKNOWN_CA', 'unknown ca')).toBe(`${refused} (unknown ca)`);
    expect(line('ECONNRESET', 'socket hang up', true)).toBe(`${refused} (socket hang up)`);
    expect(line('ECONNRESET', 'socket hang up', false)).toBe(
      '--target https://bank.example:8443: the connection broke (ECONNRESET: socket hang up)',
    );
  });
});
