/**
 * The report a bank can hand on (`--reporter html:FILE`): one self-contained HTML file — inline CSS,
 * no script, nothing fetched — opening with the outcome in sentences (errors of the kit first, the
 * rules broken or kept, what was skipped and why, whether it was a `--strict` run) and what could not
 * be judged, then the run's manifest (the target's name and environment from the config), the five
 * verdict counts (run = passed + failed + inconclusive + errors, skipped apart), then per area the
 * rules with their verdicts and interface sections, every failure and inconclusive with its reason and
 * its exchanges (masked, as every report is), and the open points the target showed (the bank
 * profile `--write-profile` writes back).
 */
import { AREAS } from '../areas.js';
import type { Reporter, RunEvent, RunSummary } from '../events.js';
import { show } from '../failure.js';
import {
  countsList,
  escapeHtml as e,
  finding,
  manifestTable,
  outcomeSentences,
  ranCount,
  rulesTable,
  skipReasons,
  worst,
} from './html-parts.js';
import { maskSummary } from './masked.js';

const STYLE = `
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:1100px;padding:24px;color:#1d2430}
h1{margin:0 0 4px}h2{margin-top:32px;border-bottom:2px solid #d5dae3;padding-bottom:4px}h3{margin:0 0 6px;font-size:16px}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #d5dae3;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f5f8}code{font:13px ui-monospace,Menlo,monospace}pre{white-space:pre-wrap;word-break:break-all;background:#f6f8fa;padding:8px;margin:4px 0;font:12px ui-monospace,Menlo,monospace}
.counts{display:flex;gap:12px;list-style:none;padding:0;margin:8px 0}.counts li{border-radius:6px;padding:8px 16px;font-weight:600}
.count{font-size:24px;margin-right:4px}.badge{border-radius:4px;padding:1px 6px;font-size:12px;font-weight:600;text-transform:uppercase}
.passed{background:#e3f6e8}.failed{background:#fde2e1}.inconclusive{background:#fff4d6}.skipped{background:#eef0f3}.error{background:#f3e3fd}
a.passed,a.failed,a.inconclusive,a.skipped,a.error{padding:0 3px;border-radius:3px;color:inherit}
.finding{border:1px solid #d5dae3;border-radius:6px;padding:10px 14px;margin:10px 0}.finding p{margin:4px 0}
.aborted{background:#fde2e1;padding:8px;border-radius:6px;font-weight:600}.muted{color:#5b6576}
.outcome{font-size:18px;line-height:1.5;border-left:6px solid #8a94a6;padding:8px 14px;background:#f6f8fa}
.outcome.bad{border-color:#c62828}.outcome.good{border-color:#2e7d32}.outcome p{margin:4px 0}
.observed{background:#e6f0fb}
`;

function areaSection(area: string, summary: RunSummary): string {
  const results = summary.results.filter((result) => result.area === area);
  if (results.length === 0) return '';
  const verdict = worst(results.map((result) => result.status));
  const tally = ['passed', 'failed', 'inconclusive', 'skipped', 'error']
    .map((status) => [status, results.filter((result) => result.status === status).length] as const)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  const findings = results.filter((result) => ['failed', 'inconclusive', 'error'].includes(result.status));
  const skipped = results.filter((result) => result.status === 'skipped');
  // Visible without a click: why a scenario did not run is part of what the report says.
  const skips =
    skipped.length === 0
      ? ''
      : `<h3>${skipped.length} skipped</h3><ul class="skipped-list">${skipped.map((result) => `<li id="${e(result.id)}" data-verdict="skipped">${e(result.id)} ${e(result.title)}: <span class="reason">${e(result.reason ?? '')}</span></li>`).join('')}</ul>`;
  const normative = results.some((result) => result.rules.some((rule) => !rule.open))
    ? rulesTable(results, (rule) => !rule.open)
    : '';
  return `<section class="area" id="area-${e(area)}" data-area="${e(area)}" data-verdict="${verdict}"><h2>${e(area)} <small class="muted">${e(tally)}</small></h2>${normative}${findings.map(finding).join('')}${skips}</section>`;
}

function openPoints(summary: RunSummary): string {
  const observedRules = summary.results.some((result) => result.rules.some((rule) => rule.open))
    ? `<p>The open points of the catalogue the run observed: each scenario records what the target chose; none is counted as passed or failed.</p>${rulesTable(summary.results, (rule) => rule.open !== undefined)}`
    : '';
  const settings = Object.entries(summary.settings ?? {});
  const rows = settings.map(([name, value]) => `<tr><td><code>${e(name)}</code></td><td>${e(show(value))}</td></tr>`);
  const table =
    settings.length === 0
      ? '<p class="muted">None observed.</p>'
      : `<table class="settings"><thead><tr><th>Setting</th><th>What the target chose</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  return `<section id="open-points"><h2>Open points observed</h2><p>Where the interface leaves a choice to the bank ("not shown"), the kit records what the target chose and never fails it for the choice. This is the profile <code>--write-profile</code> writes.</p>${table}${observedRules}</section>`;
}

/** The outcome first: the sentences, then what could not be judged and why (skipped, inconclusive), without a click. */
function outcome(summary: RunSummary): string {
  const good =
    summary.failed === 0 &&
    summary.errors === 0 &&
    summary.aborted === undefined &&
    !(summary.manifest?.strict === true && summary.inconclusive > 0);
  const sentences = outcomeSentences(summary)
    .map((sentence) => `<p>${e(sentence)}</p>`)
    .join('');
  const inconclusive = summary.results.filter((result) => result.status === 'inconclusive');
  const notJudged =
    inconclusive.length === 0 && summary.skipped === 0
      ? ''
      : `<section id="not-judged"><h2>What could not be judged</h2>${
          inconclusive.length === 0
            ? ''
            : `<h3>${inconclusive.length} inconclusive</h3><ul class="inconclusive-list">${inconclusive.map((result) => `<li><a href="#${e(result.id)}">${e(result.id)}</a> ${e(result.title)}: <span class="reason">${e(result.reason ?? '')}</span></li>`).join('')}</ul>`
        }${
          summary.skipped === 0
            ? ''
            : `<h3>${summary.skipped} skipped</h3><ul class="skip-reasons">${skipReasons(summary.results)
                .map(([reason, count]) => `<li><span class="reason">${e(reason)}</span> (${count})</li>`)
                .join('')}</ul>`
        }</section>`;
  return `<section id="outcome" class="outcome ${good ? 'good' : 'bad'}" data-testid="outcome" data-ran="${ranCount(summary)}">${sentences}</section>${notJudged}`;
}

export function htmlReport(raw: RunSummary): string {
  const summary = maskSummary(raw);
  const title = `xs2a-kit conformance report: ${summary.target}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title><style>${STYLE}</style></head>
<body><header><h1>Conformance report</h1><p class="muted">${e(summary.manifest?.label ?? summary.target)}${summary.manifest?.environment ? ` · ${e(summary.manifest.environment)}` : ''}</p></header>
${outcome(summary)}
<section id="run"><h2>Run</h2>${manifestTable(summary)}</section>
<section id="verdicts"><h2>Verdicts</h2>${countsList(summary)}<p class="muted">${ranCount(summary)} scenarios ran (passed + failed + inconclusive + errors); ${summary.skipped} were skipped and did not run. Passed: every check the scenario stands for ran and held. Failed: a check of its rule ran and did not hold. Inconclusive: nothing failed, but a check could not run (the reason is given). Skipped: the target lacks a capability, or the selection left it out. Error: the kit itself broke. An open point is observed, never passed.</p></section>
${AREAS.map((area) => areaSection(area, summary)).join('\n')}
${openPoints(summary)}
</body></html>
`;
}

export function htmlReporter(write: (text: string) => Promise<void>): Reporter {
  let summary: RunSummary | undefined;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-finished') summary = event.summary;
    },
    async close() {
      if (summary) await write(htmlReport(summary));
    },
  };
}
