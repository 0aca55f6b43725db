/**
 * The terminal's size as the demo draws for it: the screen fills the terminal, 80×24 at least;
 * below that it would wrap into garbage, so the app says what it needs instead until the terminal
 * grows.
 */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export const NEEDED = { columns: 80, rows: 24 } as const;
export const TOO_SMALL = `terminal too small (needs ${NEEDED.columns}×${NEEDED.rows})`;

export interface TerminalSize {
  columns: number | undefined;
  rows: number | undefined;
}

/** A size the screen fits in; an unknown dimension (not a terminal) is taken as large enough. */
export function fits(size: TerminalSize): boolean {
  return (
    (size.columns === undefined || size.columns >= NEEDED.columns) &&
    (size.rows === undefined || size.rows >= NEEDED.rows)
  );
}

/** What the screen is drawn at: the terminal's size, taken as 80×24 where it cannot be read (not a terminal). */
export interface ScreenSize {
  columns: number;
  rows: number;
}

export function screenSize(size: TerminalSize): ScreenSize {
  return {
    columns: Math.max(NEEDED.columns, size.columns ?? NEEDED.columns),
    rows: Math.max(NEEDED.rows, size.rows ?? NEEDED.rows),
  };
}

/** The size now, and again on every resize. */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({ columns: stdout.columns, rows: stdout.rows });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const resized = () => setSize(read());
    stdout.on('resize', resized);
    return () => {
      stdout.off('resize', resized);
    };
  }, [stdout]);
  return size;
}
