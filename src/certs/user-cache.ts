/**
 * Where `startSandbox()` keeps its test certificates when not told: a folder of the user's cache
 * (`~/.cache/xs2a-kit/certs`), shared by every project of that user, so a test run writes nothing
 * into the project and one CA serves them all. The command line keeps its own default, `certs/` of
 * the working folder, where its printed curl commands point.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function userCertificatesDir(home: string = homedir()): string {
  return join(home, '.cache', 'xs2a-kit', 'certs');
}
