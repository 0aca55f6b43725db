/** The request log: the newest requests the API answered, one line each (spec "Errors": the code when refused). */
import { Box, Text } from 'ink';
import { colourOf, fitTo, httpTone, padStart, rule, short, timeOf } from './format.js';
import type { RequestRow } from './state.js';

export interface RequestLogProps {
  rows: readonly RequestRow[];
  providers: Readonly<Record<string, string>>;
  total: number;
  height: number;
  width: number;
  color: boolean;
}

/** Shorter names of the path segments that are long, each step shorter: used only when the path does not fit. */
const SHORTER: readonly Readonly<Record<string, string>>[] = [
  { 'instant-sepa-credit-transfers': 'instant-sct', 'sepa-credit-transfers': 'sct', 'confirmation-of-funds': 'cof' },
  { 'instant-sepa-credit-transfers': 'inst', 'sepa-credit-transfers': 'sct', 'confirmation-of-funds': 'cof' },
];

/**
 * A path for a column `width` wide: without the /v1 every path carries (spec "Versioning" 3), ids
 * cut to the 8 characters the panes show; products are named in full when the column has room, and
 * shortened step by step only as far as needed (`instant-sct`, then `inst`), cut at the end last.
 */
export function compactPath(path: string, width = Number.POSITIVE_INFINITY): string {
  const segments = path
    .replace(/^\/v1(?=\/|$)/, '')
    .split('/')
    .map((segment) => (segment.length >= 16 && /\d/.test(segment) ? short(segment) : segment));
  let shown = segments.join('/');
  for (const names of SHORTER) {
    if ([...shown].length <= width) break;
    shown = segments.map((segment) => names[segment] ?? segment).join('/');
  }
  return shown;
}

/** A provider's name for an 8-column cell: its last words that fit ("xs2a-kit Test TPP" → "Test TPP"). */
export function shortName(name: string, width: number): string {
  const words = name.split(' ');
  while (words.length > 1 && words.join(' ').length > width) words.shift();
  return words.join(' ');
}

const METHODS: Record<string, string> = { DELETE: 'DEL', OPTIONS: 'OPT', PATCH: 'PTCH' };

/** The widths of a line's path and code columns: at 80 columns 30 and 15; a wider terminal widens the path, and the code to the longest. */
export function columnsOf(width: number): { path: number; code: number } {
  const code = width >= 100 ? 21 : 15;
  return { path: width - 35 - code, code };
}

export function requestLine(
  row: RequestRow,
  providers: Readonly<Record<string, string>>,
  width: number,
): [string, string, string] {
  const columns = columnsOf(width);
  const provider = row.provider === undefined ? '-' : shortName(providers[row.provider] ?? row.provider, 8);
  const head = `${timeOf(row.at)} ${fitTo(provider, 8)} ${fitTo(METHODS[row.method] ?? row.method, 4)} ${fitTo(compactPath(row.path, columns.path), columns.path)} `;
  return [
    head,
    String(row.status),
    ` ${fitTo(row.code ?? '', columns.code)} ${padStart(`${Math.round(row.latencyMs)}ms`, 5)}`,
  ];
}

export function RequestLog({ rows, providers, total, height, width, color }: RequestLogProps) {
  const shown = rows.slice(-height);
  return (
    <Box flexDirection="column" width={width} height={height + 1}>
      <Text {...colourOf(color, 'accent')}>{rule('Requests (paths under /v1)', width, `${total} so far`)}</Text>
      {shown.length === 0 ? (
        <Text {...colourOf(color, 'dim')}>
          {fitTo('No requests yet: call the API (curl, guided mode g) to see them here.', width)}
        </Text>
      ) : null}
      {shown.map((row) => {
        const [head, status, tail] = requestLine(row, providers, width);
        return (
          <Text key={row.seq}>
            {head}
            <Text {...colourOf(color, httpTone(row.status))}>{status}</Text>
            {tail}
          </Text>
        );
      })}
    </Box>
  );
}
