/**
 * JSON as a person would lay it out: a flat object or array that fits stays on one line
 * (`{ "cert": …, "key": … }`), anything else opens one member per line.
 */
export function formatJson(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries: [string | undefined, unknown][] = Array.isArray(value)
    ? value.map((item) => [undefined, item])
    : Object.entries(value);
  const member = ([key, item]: [string | undefined, unknown], inner: string) =>
    `${key === undefined ? '' : `${JSON.stringify(key)}: `}${formatJson(item, inner)}`;
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  const flat = entries.every(([, item]) => item === null || typeof item !== 'object');
  const inline = Array.isArray(value)
    ? `[${entries.map((entry) => member(entry, indent)).join(', ')}]`
    : `{ ${entries.map((entry) => member(entry, indent)).join(', ')} }`;
  if (flat && indent.length + inline.length <= 100) return inline;
  const inner = `${indent}  `;
  return `${open}\n${entries.map((entry) => `${inner}${member(entry, inner)}`).join(',\n')}\n${indent}${close}`;
}
