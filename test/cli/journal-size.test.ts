/**
 * `serve --journal-size N`: how many API requests the request journal keeps for GET /sandbox/requests,
 * 1,000 by default, 0 to keep none; a value out of range stops serve before it starts.
 */
import { expect, it } from 'vitest';
import { serving, xs2aKit } from '../helpers/cli.js';

const capacityOf = async (controlUrl: string) =>
  ((await (await fetch(`${controlUrl}/requests`)).json()) as { capacity: number }).capacity;

it('keeps 1,000 requests by default, and as many as --journal-size says', async () => {
  await serving([], async (_out, controlUrl) => expect(await capacityOf(controlUrl)).toBe(1000));
  await serving(['--journal-size', '3'], async (_out, controlUrl) => expect(await capacityOf(controlUrl)).toBe(3));
  await serving(['--journal-size', '0'], async (_out, controlUrl) => expect(await capacityOf(controlUrl)).toBe(0));
}, 60_000);

it('refuses a negative or fractional --journal-size with exit 1 and the range, before starting anything', async () => {
  for (const value of ['-1', '2.5', 'many', '100001']) {
    const failure = await xs2aKit(['serve', '--journal-size', value]);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toBe(
      `error: option '--journal-size <n>' argument '${value}' is invalid. expected a whole number from 0 to 100000.\n`,
    );
  }
});
