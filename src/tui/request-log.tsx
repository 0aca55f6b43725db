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

const PRODUCTS: Record<string, string> = {
  'instant-sepa-credit-transfers': 'inst',
  'sepa-credit-transfers': 'sct',
  'confirmation-of-funds': 'cof',
};

/**
 * A path short enough for its column: without the /v1 every path carries (spec "Versioning" 3),
 * products abbreviated, ids cut to the 8 characters the panes show.
 */
export function compactPath(path: string): string {
  return path
    .replace(/^\/v1(?=\/|$)/, '')
    .split('/')
    .map((segment) => PRODUCTS[segment] ?? (segment.length >= 16 && /\d/.test(segment) ? short(segment) : segment))
    .join('/');
}

/** A provider's name for an 8-column cell: its last words that fit ("xs2a-kit Test TPP" → "Test TPP"). */
export function shortName(name: string, width: number): string {
  const words = name.split(' ');
  while (words.length > 1 && words.join(' ').length > width) words.shift();
  return words.join(' ');
}

const METHODS: Record<string, string> = { DELETE: 'DEL', OPTIONS: 'OPT', PATCH: 'PTCH' };

export function requestLine(row: RequestRow, providers: Readonly<Record<string, string>>): [string, string, string] {
  const provider = row.provider === undefined ? '-' : shortName(providers[row.provider] ?? row.provider, 8);
  const head = `${timeOf(row.at)} ${fitTo(provider, 8)} ${fitTo(METHODS[row.method] ?? row.method, 4)} ${fitTo(compactPath(row.path), 30)} `;
  return [head, String(row.status), ` ${fitTo(row.code ?? '', 15)} ${padStart(`${Math.round(row.latencyMs)}ms`, 5)}`];
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
        const [head, status, tail] = requestLine(row, providers);
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
