/**
 * The pieces of the HTML report (html.ts): escaping, the manifest, the counts, the rules of an area
 * with their verdicts, a finding with its exchanges. Plain strings of HTML; no script anywhere.
 */
import type { RuleRef, RunSummary, ScenarioResult, ScenarioStatus } from '../events.js';
import { VERDICTS } from '../events.js';
import type { Exchange } from '../exchange.js';
import { show } from '../failure.js';
import { exchangeLine, transportLine } from './console.js';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const e = escapeHtml;

/** A rule statement as a person reads it: the catalogue marks names and values with backticks, shown as code. */
export function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** How bad a verdict is for the rule it stands for: a rule takes the worst of its scenarios. */
const WORST_FIRST: readonly ScenarioStatus[] = ['failed', 'error', 'inconclusive', 'passed', 'skipped'];

export function worst(statuses: readonly ScenarioStatus[]): ScenarioStatus {
  return WORST_FIRST.find((status) => statuses.includes(status)) ?? 'skipped';
}

export function badge(status: ScenarioStatus): string {
  return `<span class="badge ${status}">${status}</span>`;
}

function row(label: string, value: string): string {
  return `<tr><th scope="row">${e(label)}</th><td>${value}</td></tr>`;
}

/** Scenarios that ran (a verdict on the target or on the kit): passed + failed + inconclusive + errors. Skipped apart. */
export function ranCount(summary: Pick<RunSummary, 'passed' | 'failed' | 'inconclusive' | 'errors'>): number {
  return summary.passed + summary.failed + summary.inconclusive + summary.errors;
}

export function manifestTable(summary: RunSummary): string {
  const m = summary.manifest;
  const started = summary.startedAt ?? 'unknown';
  const notGiven = (key: string) => `<span class="muted">not given (config key <code>${key}</code>)</span>`;
  const rows = [
    row('Target', e(m?.label ?? summary.target) + (m?.label ? ` <span class="muted">(${e(m.target)})</span>` : '')),
    row('Environment', m?.environment ? e(m.environment) : notGiven('environment')),
    ...(m?.label ? [] : [row('Target name', notGiven('name'))]),
    row(
      'Certification run',
      m?.strict
        ? 'yes (<code>--strict</code>): an inconclusive scenario counts against the target'
        : 'no (<code>--strict</code> not given): an inconclusive scenario is reported, not counted against the target',
    ),
    row('Kit', `xs2a-kit ${e(m?.kitVersion ?? 'unknown')}`),
    row(
      'Catalogue',
      m
        ? `<code>${e(m.catalogueDigest)}</code> (${m.catalogueScenarios} scenarios, ${m.catalogueRules} rules)`
        : 'unknown',
    ),
    row('SCA driver', e(m?.scaDriver ?? 'none')),
    row(
      'Config',
      m?.config
        ? `${e(m.config.file)}, <code>${e(m.config.digest)}</code> (SHA-256 with its secrets masked)`
        : 'none (the in-process sandbox brings its own)',
    ),
    row('Started', e(started)),
    row('Duration', `${(summary.durationMs / 1000).toFixed(1)} s`),
    row(
      'Scenarios',
      `${summary.results.length} selected: ${ranCount(summary)} run (${summary.passed} passed + ${summary.failed} failed + ${summary.inconclusive} inconclusive + ${summary.errors} errors), ${summary.skipped} skipped`,
    ),
  ];
  return `<table class="manifest" data-testid="manifest">${rows.join('')}</table>`;
}

export function countsList(summary: RunSummary): string {
  const count: Record<ScenarioStatus, number> = {
    passed: summary.passed,
    failed: summary.failed,
    inconclusive: summary.inconclusive,
    skipped: summary.skipped,
    error: summary.errors,
  };
  const items = VERDICTS.map(
    (status) =>
      `<li class="${status}" data-verdict="${status}"><span class="count">${count[status]}</span> <span class="label">${status === 'error' ? 'errors' : status}</span></li>`,
  );
  const unstable = transportLine(summary);
  const aborted =
    summary.aborted === undefined
      ? ''
      : `<p class="aborted" data-testid="aborted">The run stopped early: ${e(summary.aborted)}</p>`;
  const transport = unstable
    ? `<p class="transport">${e(unstable.charAt(0).toUpperCase() + unstable.slice(1))}.</p>`
    : '';
  return `<ul class="counts" data-testid="counts">${items.join('')}</ul>${transport}${aborted}`;
}

/** The rules an area's scenarios enforce (those `which` keeps), each with the worst verdict of its scenarios there. */
export function rulesTable(results: readonly ScenarioResult[], which: (rule: RuleRef) => boolean = () => true): string {
  const byRule = new Map<string, { rule: RuleRef; results: ScenarioResult[] }>();
  for (const result of results)
    for (const rule of result.rules.filter(which)) {
      const entry = byRule.get(rule.id) ?? { rule, results: [] };
      entry.results.push(result);
      byRule.set(rule.id, entry);
    }
  const rows = [...byRule.values()].map(({ rule, results: of }) => {
    const verdict = worst(of.map((result) => result.status));
    // An open point is observed, never passed: the target's choice is recorded, not judged.
    if (rule.open && verdict === 'passed') {
      const scenarios = of.map((result) => `<a href="#${e(result.id)}">${e(result.id)}</a>`);
      return `<tr class="observed"><td><code>${e(rule.id)}</code></td><td>${e(rule.section)}</td><td>${prose(rule.statement)}</td><td><span class="badge observed">observed</span></td><td>${scenarios.join(' ')}</td></tr>`;
    }
    const scenarios = of.map((result) => `<a href="#${e(result.id)}" class="${result.status}">${e(result.id)}</a>`);
    return `<tr class="${verdict}"><td><code>${e(rule.id)}</code></td><td>${e(rule.section)}</td><td>${prose(rule.statement)}</td><td>${badge(verdict)}</td><td>${scenarios.join(' ')}</td></tr>`;
  });
  return `<table class="rules"><thead><tr><th>Rule</th><th>Interface section</th><th>Statement</th><th>Verdict</th><th>Scenarios</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function exchangeBlock(exchange: Exchange): string {
  const headers = (record: Record<string, string | string[]>) =>
    Object.entries(record)
      .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`)
      .join('\n');
  const body = (value: unknown) => (value === undefined ? '' : `\n\n${JSON.stringify(value, null, 2)}`);
  const answer = exchange.status === 0 ? 'no answer' : String(exchange.status);
  return `<li><pre>${e(`${exchange.actor}: ${exchange.method} ${exchange.url}\n${headers(exchange.requestHeaders)}${body(exchange.requestBody)}`)}</pre><pre>${e(`→ ${answer} (${exchange.durationMs} ms)\n${headers(exchange.headers)}${body(exchange.body)}`)}</pre></li>`;
}

/** A scenario that did not pass: its verdict, why, the rule it breaks, and every exchange it made. */
export function finding(result: ScenarioResult): string {
  const lines: string[] = [];
  if (result.status === 'inconclusive') {
    lines.push(`<p class="reason">Inconclusive: ${e(result.reason ?? '')}</p>`);
    if (result.exchange) lines.push(`<p class="exchange">${e(exchangeLine(result.exchange))}</p>`);
  } else if (result.failure) {
    if (result.failure.kind === 'expectation')
      for (const rule of result.rules)
        lines.push(
          `<p class="breaks">Breaks <code>${e(rule.id)}</code> (${e(rule.section)}): ${prose(rule.statement)}</p>`,
        );
    lines.push(
      `<p class="reason">${result.failure.kind === 'error' ? 'Error of the kit: ' : ''}${e(result.failure.message)}</p>`,
    );
    if (result.failure.expected !== undefined || result.failure.actual !== undefined)
      lines.push(
        `<p class="values">Expected ${e(show(result.failure.expected))}, got ${e(show(result.failure.actual))}</p>`,
      );
    if (result.failure.exchange) lines.push(`<p class="exchange">${e(exchangeLine(result.failure.exchange))}</p>`);
  }
  for (const { check, reason } of result.unchecked)
    if (!result.reason?.includes(check)) lines.push(`<p class="unchecked">Not checked: ${e(check)} (${e(reason)})</p>`);
  const exchanges =
    result.exchanges.length === 0
      ? ''
      : `<details><summary>${result.exchanges.length} exchange${result.exchanges.length === 1 ? '' : 's'}</summary><ol class="exchanges">${result.exchanges.map(exchangeBlock).join('')}</ol></details>`;
  return `<article class="finding ${result.status}" id="${e(result.id)}" data-verdict="${result.status}"><h3>${badge(result.status)} ${e(result.id)} ${e(result.title)}</h3>${lines.join('')}${exchanges}</article>`;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Skip reasons with how many scenarios each stands for, most first. */
export function skipReasons(results: readonly ScenarioResult[]): [string, number][] {
  const reasons = new Map<string, number>();
  for (const result of results)
    if (result.status === 'skipped') reasons.set(result.reason ?? '', (reasons.get(result.reason ?? '') ?? 0) + 1);
  return [...reasons].sort((a, b) => b[1] - a[1]);
}

/** The normative rules (not open points) a failed scenario breaks, each once, in the order met. */
function brokenRules(results: readonly ScenarioResult[]): RuleRef[] {
  const broken = new Map<string, RuleRef>();
  for (const result of results)
    if (result.status === 'failed')
      for (const rule of result.rules.length > 0
        ? result.rules
        : [{ id: result.id, section: '', statement: result.title }])
        if (!rule.open && !broken.has(rule.id)) broken.set(rule.id, rule);
  return [...broken.values()];
}

/**
 * The run's outcome in sentences a reader takes away (issue 39): errors of the kit first, then what
 * the target broke or kept, what was skipped and why, whether the run stopped early, and whether it
 * was a certification run.
 */
export function outcomeSentences(summary: RunSummary): string[] {
  const sentences: string[] = [];
  const ran = ranCount(summary);
  const strict = summary.manifest?.strict === true;
  if (summary.errors > 0)
    sentences.push(
      `The kit itself broke in ${plural(summary.errors, 'scenario')} (errors of the kit, not failures of the target): ${summary.errors === 1 ? 'it says' : 'they say'} nothing about the target.`,
    );
  if (ran === 0 && summary.aborted !== undefined) sentences.push(`Nothing was judged: ${summary.aborted}.`);
  else if (summary.failed > 0) {
    const broken = brokenRules(summary.results);
    const named = broken.slice(0, 12).map((rule) => `${rule.id}${rule.section ? ` (${rule.section})` : ''}`);
    sentences.push(
      `The target broke ${plural(broken.length, 'rule')}: ${named.join(', ')}${broken.length > named.length ? `, and ${broken.length - named.length} more` : ''}.`,
    );
  } else if (ran - summary.errors > 0)
    sentences.push(
      `The target kept every rule that was checked${
        summary.inconclusive > 0
          ? `, but ${plural(summary.inconclusive, 'scenario')} could not check ${summary.inconclusive === 1 ? 'its rule' : 'theirs'} (inconclusive${strict ? ', which this certification run counts against the target' : ''})`
          : ''
      }.`,
    );
  else sentences.push('No rule of the target was checked.');
  if (summary.skipped > 0)
    sentences.push(
      `${plural(summary.skipped, 'scenario was', 'scenarios were')} skipped: ${skipReasons(summary.results)
        .map(([reason, count]) => `${reason || 'no reason given'} (${count})`)
        .join('; ')}.`,
    );
  if (summary.aborted !== undefined && ran > 0) sentences.push(`The run stopped early: ${summary.aborted}.`);
  sentences.push(
    strict
      ? 'This was a certification run (--strict): an inconclusive scenario counts against the target.'
      : 'This was not a certification run (--strict was not given).',
  );
  return sentences;
}
