/** Guided mode's one line: which step the next key press runs and what it shows. */
import { Text } from 'ink';
import { colourOf, fitTo } from './format.js';

export interface GuidedLineProps {
  active: boolean;
  /** 0-based index of the next step; equal to `total` when the walk-through is over. */
  next: number;
  total: number;
  busy: boolean;
  explanation: string | null;
  width: number;
  color: boolean;
}

export function guidedText({
  active,
  next,
  total,
  busy,
  explanation,
}: Omit<GuidedLineProps, 'width' | 'color'>): string {
  if (!active) return 'Press g for the guided walk-through (one step per key press).';
  if (busy) return `Guided ${next + 1}/${total}: running…`;
  if (next >= total) return `Guided: done. Press g to leave the walk-through.`;
  return `Guided ${next + 1}/${total}: ${explanation ?? ''}`;
}

export function GuidedLine(props: GuidedLineProps) {
  return (
    <Text {...colourOf(props.color, props.active ? 'accent' : 'dim')}>{fitTo(guidedText(props), props.width)}</Text>
  );
}
