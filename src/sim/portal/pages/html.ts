/**
 * Server-rendered HTML without a template engine: every interpolated value is escaped unless it
 * is itself a fragment made by `html`, so customer names or provider names can never inject markup.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type Fragment = Html | string | number | undefined | null | false | readonly Fragment[];

function render(value: Fragment): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export function html(strings: TemplateStringsArray, ...values: Fragment[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new Html(out);
}

export interface PageOptions {
  title: string;
  /** Shown under the bank's name, e.g. "Secure authorisation". */
  section: string;
  body: Html;
  aside?: Html;
}

export function layout(options: PageOptions): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} · xs2a-kit Sandbox Bank</title>
<link rel="stylesheet" href="/assets/style.css">
</head>
<body>
<header class="bar"><span class="logo" aria-hidden="true">◆</span> <strong>xs2a-kit Sandbox Bank</strong> <span class="section">${options.section}</span></header>
<div class="wrap">
<main class="card">
${options.body}
</main>
${options.aside ? html`<aside class="phone" aria-label="Sandbox test phone">${options.aside}</aside>` : ''}
</div>
<footer class="foot">Sandbox: test customers and money only. Nothing here moves real funds.</footer>
</body>
</html>`.text;
}
