/**
 * `xs2a-kit demo --worlds organisation --world ORG`: the demo shows and acts in ORG's world. The
 * sandbox's own provider (whose world the library's helpers and the demo act on) is the certificate
 * folder's `tpp.crt`; so the demo runs on a folder of ORG's own beside the given one
 * (`<certs>/worlds/<ORG>/`): the same CA and server certificate, and a QWAC naming ORG issued by that
 * CA, kept for the next start.
 */
import { X509Certificate } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALL_TPP_ROLES,
  certificatePaths,
  ensureCertificates,
  issueQwac,
  parseOrganizationIdentifier,
  readQwacPem,
  writeFileAtomic,
} from '../certs/index.js';

/** The folder to start the demo's sandbox on; throws (with the reason) for an identifier of the wrong form. */
export async function worldCertificates(certsDir: string, organizationIdentifier: string): Promise<string> {
  parseOrganizationIdentifier(organizationIdentifier);
  const facility = (await ensureCertificates(certsDir)).paths;
  const dir = certificatePaths(join(facility.dir, 'worlds', organizationIdentifier));
  mkdirSync(dir.dir, { recursive: true, mode: 0o700 });
  const ca = readFileSync(facility.caCert, 'utf8');
  const sameCa = existsSync(dir.caCert) && readFileSync(dir.caCert, 'utf8') === ca;
  if (!sameCa)
    for (const name of ['caCert', 'caKey', 'serverCert', 'serverKey'] as const) copyFileSync(facility[name], dir[name]);
  if (!sameCa || !fits(dir.tppCert, organizationIdentifier)) {
    const issued = issueQwac({
      ca: { cert: ca, key: readFileSync(facility.caKey, 'utf8') },
      name: `Demo TPP ${organizationIdentifier}`,
      organizationIdentifier,
      roles: ALL_TPP_ROLES,
      keyType: 'ec',
    });
    await writeFileAtomic(dir.tppKey, issued.key, 0o600);
    await writeFileAtomic(dir.tppCert, issued.cert, 0o644);
  }
  return dir.dir;
}

/** A kept QWAC still names the organisation and is valid for a while yet. */
function fits(file: string, organizationIdentifier: string): boolean {
  if (!existsSync(file)) return false;
  try {
    const pem = readFileSync(file, 'utf8');
    const validTo = Date.parse(new X509Certificate(pem).validTo);
    return readQwacPem(pem).organizationIdentifier === organizationIdentifier && validTo > Date.now() + 86_400_000;
  } catch {
    return false;
  }
}
