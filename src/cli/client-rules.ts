/**
 * `xs2a-kit client-rules [--json]`: the rules the sandbox holds a TPP's client to (the client
 * judge), each with its severity and the section of the interface it comes from.
 */
import type { Command } from 'commander';
import { CLIENT_ADVICE, CLIENT_RULES } from '../sim/judge/client-rules.js';
import type { CliIo } from './io.js';

/** One rule per paragraph: its id, severity and section, then the statement wrapped at `width`. */
export function clientRulesText(width = 100): string {
  const wrap = (text: string) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(' ')) {
      if (line && line.length + 1 + word.length > width - 2) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    return [...lines, line].map((one) => `  ${one}`).join('\n');
  };
  const paragraphs = CLIENT_RULES.map(
    (rule) =>
      `${rule.id}  ${rule.severity}  ${rule.section}\n${wrap(rule.statement)}\n${wrap(`Stands on: ${rule.cites}`)}`,
  );
  const advice = CLIENT_ADVICE.map(
    (one) => `${one.id}  advice\n${wrap(one.statement)}\n${wrap(`Advice only: ${one.why}`)}`,
  );
  return `${paragraphs.join('\n\n')}\n\n${CLIENT_RULES.length} client rules. The sandbox judges every client against them: GET /sandbox/client-report, sandbox.clientReport().\n\n${advice.join('\n\n')}\n\n${CLIENT_ADVICE.length} pieces of advice: habits stricter than the interface, reported apart as hints (the report's \`hints\`), never findings.\n`;
}

export function clientRulesCommand(program: Command, io: CliIo): void {
  program
    .command('client-rules')
    .description('list the rules the sandbox holds a TPP client to (the client report judges every exchange by them)')
    .option('--json', 'print [{id, statement, section, severity}]')
    .action((flags: { json?: boolean }) => {
      io.out(flags.json ? `${JSON.stringify(CLIENT_RULES, null, 2)}\n` : clientRulesText());
    });
}
