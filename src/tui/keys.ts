/** Which command a key press means in the current view: one table, so the help and the app agree. */

export type Command =
  | 'up'
  | 'down'
  | 'approve'
  | 'decline'
  | 'revoke'
  | 'payee-confirm'
  | 'payee-refuse'
  | 'clock-hour'
  | 'clock-day'
  | 'conformance'
  | 'guided'
  | 'next-step'
  | 'help'
  | 'close'
  | 'quit';

export interface KeyInfo {
  upArrow?: boolean;
  downArrow?: boolean;
  escape?: boolean;
  return?: boolean;
  ctrl?: boolean;
}

const LETTERS: Record<string, Command> = {
  a: 'approve',
  d: 'decline',
  r: 'revoke',
  y: 'payee-confirm',
  n: 'payee-refuse',
  t: 'clock-hour',
  T: 'clock-day',
  c: 'conformance',
  g: 'guided',
  '?': 'help',
  q: 'quit',
};

export function commandOf(
  input: string,
  key: KeyInfo,
  view: 'dashboard' | 'help' | 'conformance',
  guided: boolean,
): Command | undefined {
  if (key.ctrl && input === 'c') return 'quit';
  if (view === 'help') return input === '?' || key.escape ? 'close' : input === 'q' ? 'quit' : undefined;
  if (view === 'conformance')
    return input === 'c' || key.escape ? 'close' : input === 'q' ? 'quit' : input === '?' ? 'help' : undefined;
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (guided && (input === ' ' || key.return)) return 'next-step';
  return LETTERS[input];
}
