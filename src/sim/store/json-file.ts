/**
 * lowdb's adapter for `--data`, written atomically and privately: the JSON goes to a temporary file
 * created with mode 0600 beside the target, then is renamed over it, so a kill never leaves half a
 * file and no other user of the machine can read the key callback secrets are derived from.
 * The text is made when `write` is called, so what is written is the data of that moment.
 */
import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';

export class PrivateJsonFile<T> implements Adapter<T> {
  readonly #file: string;
  readonly #temp: string;

  constructor(file: string) {
    this.#file = file;
    this.#temp = join(dirname(file), `.${basename(file)}.tmp`);
  }

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return JSON.parse(text) as T;
  }

  write(data: T): Promise<void> {
    return this.#write(JSON.stringify(data, null, 2));
  }

  async #write(text: string): Promise<void> {
    try {
      await writeFile(this.#temp, text, { mode: 0o600 });
      // writeFile keeps the mode of a temporary file left by an earlier run; make it private anyway.
      await chmod(this.#temp, 0o600);
      await rename(this.#temp, this.#file);
    } catch (error) {
      await rm(this.#temp, { force: true }).catch(() => undefined);
      throw error;
    }
  }
}
