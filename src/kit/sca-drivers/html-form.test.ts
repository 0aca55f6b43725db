import { describe, expect, it } from 'vitest';
import { visibleText } from './html-form.js';

describe('visibleText', () => {
  it('keeps what a browser shows: no head, script, style or tag; entities decoded; white space collapsed', () => {
    const page = `<!doctype html><html><head><title>Hidden title</title><style>p{color:red}</style></head>
      <body><h1>Allow   access?</h1><script>var x = "not shown";</script>
      <dl><dt>Provider</dt><dd>Acme &amp; Sons&#39; TPP</dd></dl>
      <input type="hidden" name="csrf" value="Acme secret"><p>DE89&nbsp;3704</p></body></html>`;
    expect(visibleText(page)).toBe("Allow access? Provider Acme & Sons' TPP DE89 3704");
  });
});
