/**
 * The commands `serve` prints for pasting into a shell (bash, zsh, any POSIX shell): each must work
 * under the options it was started with, and again when pasted twice.
 */

/**
 * A new UUID each time the command runs. node is on every machine that runs xs2a-kit, where
 * `uuidgen` is missing from many Linux installations and /proc/sys/kernel/random/uuid from macOS.
 */
export const NEW_REQUEST_ID = `$(node -p 'crypto.randomUUID()')`;

/**
 * The environment variable the hints read the control token from. `serve` never prints the token
 * itself (secrets stay out of terminals and CI logs); it reads the same variable when
 * `--control-token` is not given, so a shell that exported it starts serve and pastes alike.
 */
export const CONTROL_TOKEN_VARIABLE = 'XS2A_CONTROL_TOKEN';

/** A word for the shell: as it is when it holds nothing the shell reads, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w./:@=+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A control API call with curl: the token header when one is set, the JSON content type a state change needs. */
export function controlCurl(
  url: string,
  options: { controlToken: boolean; method?: 'GET' | 'POST' | 'DELETE'; body?: string },
): string {
  const method = options.method ?? 'GET';
  return [
    'curl -s',
    ...(options.controlToken ? [`-H "Authorization: Bearer $${CONTROL_TOKEN_VARIABLE}"`] : []),
    ...(method === 'GET' ? [] : [`-X ${method} -H 'Content-Type: application/json'`]),
    ...(options.body === undefined ? [] : [`-d ${shellWord(options.body)}`]),
    shellWord(url),
  ].join(' ');
}
