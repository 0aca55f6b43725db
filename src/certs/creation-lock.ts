/**
 * One creator at a time per certificate folder. Since the library's default folder is one per user
 * (user-cache.ts), several processes may start a sandbox at once on a fresh machine (test files run
 * in parallel workers); without a lock each would make its own CA and the folder could end up with a
 * server certificate of one CA beside another CA. The lock is a directory (mkdir is atomic); one left
 * by a process that died is taken over once it is older than any creation takes.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const LOCK_NAME = '.creating';
const STALE_MS = 60_000;
const GIVE_UP_MS = 120_000;
const POLL_MS = 50;

async function ageOf(path: string): Promise<number | undefined> {
  try {
    return Date.now() - (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Runs `work` holding the folder's creation lock. */
export async function withCreationLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const lock = join(dir, LOCK_NAME);
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const age = await ageOf(lock);
    if (age !== undefined && age > STALE_MS) await rm(lock, { recursive: true, force: true });
    else if (Date.now() - started > GIVE_UP_MS)
      throw new Error(`Another process has been creating certificates in ${dir} for minutes; remove ${lock} if none is.`);
    else await sleep(POLL_MS);
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
