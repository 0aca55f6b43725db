/** Reads the first form of an HTML page the way a browser submits it: action, hidden fields, named inputs. */
export interface HtmlForm {
  action: string;
  hidden: Record<string, string>;
  /** Input names by the text of their `<label>` (e.g. "User ID" → "psuId"). */
  byLabel: Record<string, string>;
  /** Names of the visible text-like inputs, in page order. */
  inputs: string[];
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return (
      ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[lower] ?? ''
    );
  });
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

export function firstForm(page: string): HtmlForm | undefined {
  const form = /<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(page);
  if (!form) return undefined;
  const action = attribute(form[0].slice(0, form[0].indexOf('>') + 1), 'action') ?? '';
  const hidden: Record<string, string> = {};
  const inputs: string[] = [];
  const idToName = new Map<string, string>();
  for (const [tag] of form[1]!.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, 'name');
    if (!name) continue;
    if ((attribute(tag, 'type') ?? 'text').toLowerCase() === 'hidden') hidden[name] = attribute(tag, 'value') ?? '';
    else inputs.push(name);
    const id = attribute(tag, 'id');
    if (id) idToName.set(id, name);
  }
  const byLabel: Record<string, string> = {};
  for (const [, forId, text] of form[1]!.matchAll(/<label\b[^>]*for="([^"]*)"[^>]*>([\s\S]*?)<\/label>/gi)) {
    const name = idToName.get(forId!);
    if (name) byLabel[decodeEntities(text!.replace(/<[^>]*>/g, '').trim())] = name;
  }
  return { action, hidden, byLabel, inputs };
}

/**
 * The text a browser shows of a page: no head, scripts, styles or tags, entities decoded, runs of
 * white space as one space. Hidden inputs and attribute values are not shown, so they are not text.
 */
export function visibleText(page: string): string {
  const body = page.replace(/<(head|script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  return decodeEntities(body.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
