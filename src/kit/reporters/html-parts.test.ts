import { describe, expect, it } from 'vitest';
import { prose } from './html-parts.js';

describe('a rule statement in the HTML report', () => {
  it('shows backticked names as code and escapes everything else', () => {
    expect(prose('`consentStatus` is `valid` & <b>')).toBe(
      '<code>consentStatus</code> is <code>valid</code> &amp; &lt;b&gt;',
    );
  });

  it('leaves a lone backtick as written', () => {
    expect(prose('a ` b')).toBe('a ` b');
  });

  it('cannot be made to emit markup through a backticked part', () => {
    expect(prose('`<script>`')).toBe('<code>&lt;script&gt;</code>');
  });
});
