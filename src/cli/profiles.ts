/**
 * `xs2a-kit profiles [--json]`: the bank-profile settings, one per point the interface leaves open,
 * with their values (the default first) and the open point each comes from; and the built-in profiles.
 */
import type { Command } from 'commander';
import { BUILT_IN_BANK_PROFILES, SETTINGS, type SettingValue } from '../contract/profile.js';
import type { CliIo } from './io.js';

/** What `--json` prints: the settings as the kit and a script read them. */
export function profilesJson() {
  return {
    settings: SETTINGS.map((definition) => ({
      name: definition.name,
      values: [...definition.values],
      default: definition.default,
      rule: definition.rule,
    })),
    profiles: [...BUILT_IN_BANK_PROFILES],
  };
}

const show = (value: SettingValue) => String(value);

/** A plain-text table, columns padded to their widest cell, for a terminal. */
export function profilesTable(): string {
  const rows = [
    ['SETTING', 'VALUES (default first)', 'DEFAULT', 'OPEN POINT'],
    ...SETTINGS.map((definition) => [
      definition.name,
      definition.values.map(show).join(' | '),
      show(definition.default),
      definition.rule,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '),
  );
  return [
    ...lines,
    '',
    `Built-in profiles: ${BUILT_IN_BANK_PROFILES.join(', ')} (random draws each setting from --seed N).`,
    'A profile file is {"settings": {"<setting>": <value>}}; a setting it leaves out keeps its default.',
    'Serve one with: xs2a-kit serve --profile NAME|FILE',
    '',
  ].join('\n');
}

export function profilesCommand(program: Command, io: CliIo): void {
  program
    .command('profiles')
    .description('list the bank-profile settings: every point the interface leaves open, its values and default')
    .option('--json', 'print {"settings": [{name, values, default, rule}], "profiles": [names]}')
    .action((flags: { json?: boolean }) => {
      io.out(flags.json ? `${JSON.stringify(profilesJson(), null, 2)}\n` : profilesTable());
    });
}
