import { describe, expect, it } from 'vitest';
import { formatJson } from './format-json.js';

describe('JSON laid out for a person', () => {
  it('keeps a flat object or array that fits on one line, and opens nested ones member by member', () => {
    expect(formatJson({ cert: 'a.crt', key: 'a.key' })).toBe('{ "cert": "a.crt", "key": "a.key" }');
    expect(formatJson(['clock', 'control'])).toBe('["clock", "control"]');
    expect(formatJson({ sca: { driver: 'control' }, n: 1 }, '  ')).toBe(
      '{\n    "sca": { "driver": "control" },\n    "n": 1\n  }',
    );
  });

  it('opens a flat object that would not fit, and reads back as the same value', () => {
    const value = { a: 'x'.repeat(60), b: 'y'.repeat(60), empty: {}, list: [] };
    const text = formatJson(value);
    expect(text.split('\n')).toHaveLength(6);
    expect(JSON.parse(text)).toEqual(value);
  });
});
