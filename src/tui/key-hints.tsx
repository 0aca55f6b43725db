/** The bottom line: the keys, always visible, so nobody has to remember them. */
import { Text } from 'ink';
import { colourOf, fitTo } from './format.js';

export const KEY_HINTS = 'a/d approve/decline  r revoke  y/n payee  t/T +1h/+1d  c tests  g guide  ? q';
export const GUIDED_KEY_HINTS = 'space next step  g leave guide  a/d SCA  r revoke  t/T clock  ? help  q quit';

export function KeyHints({
  hints = KEY_HINTS,
  width,
  color,
}: {
  hints?: string | undefined;
  width: number;
  color: boolean;
}) {
  return <Text {...colourOf(color, 'dim')}>{fitTo(hints, width)}</Text>;
}
