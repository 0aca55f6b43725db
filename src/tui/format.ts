/** Text helpers for the screen: every cell is cut to its width, never wrapped. */

/** Cut to `width` (ending in "…" when cut) and pad to it. */
export function fitTo(text: string, width: number): string {
  if (width <= 0) return '';
  const chars = [...text];
  if (chars.length <= width) return text + ' '.repeat(width - chars.length);
  return `${chars.slice(0, width - 1).join('')}…`;
}

/** Like fitTo, keeping the end: paths stay recognisable by their last folders. */
export function fitLeft(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text + ' '.repeat(width - chars.length);
  return `…${chars.slice(chars.length - width + 1).join('')}`;
}

export function padStart(text: string, width: number): string {
  return fitTo(text.length >= width ? text : ' '.repeat(width - text.length) + text, width);
}

/** Ids are UUIDs: the first eight characters tell them apart on one screen. */
export function short(id: string): string {
  return id.slice(0, 8);
}

export function timeOf(iso: string): string {
  return iso.slice(11, 19);
}

export function clockText(now: Date): string {
  return `${now.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A section title as a rule, e.g. "── Requests ─────". */
export function rule(title: string, width: number, right = ''): string {
  const head = `── ${title} `;
  const tail = right ? ` ${right} ──` : '';
  return fitTo(head + '─'.repeat(Math.max(0, width - [...head].length - [...tail].length)) + tail, width);
}

/** ANSI colour only when the terminal takes it; the text alone must carry the meaning. */
export type Tone = 'good' | 'warn' | 'bad' | 'dim' | 'accent' | undefined;

const TONES: Record<Exclude<Tone, undefined>, string> = {
  good: 'green',
  warn: 'yellow',
  bad: 'red',
  dim: 'gray',
  accent: 'cyan',
};

export function colourOf(color: boolean, tone: Tone): { color?: string } {
  return color && tone ? { color: TONES[tone] } : {};
}

export function statusTone(status: string): Tone {
  if (['valid', 'finalised', 'ACSC', 'ACSP', 'delivered', 'passed'].includes(status)) return 'good';
  if (
    ['received', 'started', 'psuAuthenticated', 'RCVD', 'PDNG', 'pending', 'skipped', 'inconclusive'].includes(status)
  )
    return 'warn';
  if (['rejected', 'RJCT', 'failed', 'error'].includes(status)) return 'bad';
  return 'dim';
}

export function httpTone(status: number): Tone {
  if (status >= 500) return 'bad';
  if (status >= 400) return 'warn';
  return 'good';
}

/** A run's length as a presenter says it: "850 ms", "6.4 s", "2 min 5 s". */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
