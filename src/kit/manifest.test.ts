import { describe, expect, it } from 'vitest';
import { catalogueDigest, configDigest } from './manifest.js';

const catalogue = {
  rules: [{ id: 'R-1', section: 'Limits', statement: 'Four a day.' }],
  scenarios: [{ id: 'S-1', title: 't', rules: ['R-1'], area: 'limits', needs: [], expect: { limit: 4 } }],
};

describe('run manifest digests', () => {
  it('digests the catalogue whatever the order of object keys, and changes with an expectation', () => {
    const reordered = {
      rules: catalogue.rules,
      scenarios: [{ expect: { limit: 4 }, needs: [], area: 'limits', rules: ['R-1'], title: 't', id: 'S-1' }],
    };
    expect(catalogueDigest(reordered)).toBe(catalogueDigest(catalogue));
    const changed = { ...catalogue, scenarios: [{ ...catalogue.scenarios[0]!, expect: { limit: 5 } }] };
    expect(catalogueDigest(changed)).not.toBe(catalogueDigest(catalogue));
    expect(catalogueDigest(catalogue)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('digests a config without its secrets: another password or token gives the same digest, another IBAN not', () => {
    const config = { controlToken: 'one', psu: { id: 'anna', password: 'first' }, ibans: { main: 'DE1' } };
    const other = { controlToken: 'two', psu: { id: 'anna', password: 'second' }, ibans: { main: 'DE1' } };
    expect(configDigest(other)).toBe(configDigest(config));
    expect(configDigest({ ...config, ibans: { main: 'DE2' } })).not.toBe(configDigest(config));
  });
});
