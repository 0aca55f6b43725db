import { describe, expect, it } from 'vitest';
import { redirectUriProblem, withState } from './redirect-uri.js';

describe('redirect URIs', () => {
  it('accept an absolute https URI, with or without a query', () => {
    expect(redirectUriProblem('https://tpp.example/cb')).toBeUndefined();
    expect(redirectUriProblem('https://tpp.example:8443/cb?session=1')).toBeUndefined();
  });

  it('refuse http, relative, fragments, other schemes and whitespace', () => {
    expect(redirectUriProblem('http://tpp.example/cb')).toBe('must use https');
    expect(redirectUriProblem('/cb')).toBe('must be an absolute URI');
    expect(redirectUriProblem('https://tpp.example/cb#done')).toBe('must not carry a fragment');
    expect(redirectUriProblem('https://tpp.example/cb#')).toBe('must not carry a fragment');
    expect(redirectUriProblem('javascript:alert(1)')).toBe('must use https');
    expect(redirectUriProblem('https://tpp.example/a b')).toBe('must not contain whitespace');
  });

  it('append state to the query, keeping what was there', () => {
    expect(withState('https://tpp.example/cb', 'abc')).toBe('https://tpp.example/cb?state=abc');
    expect(withState('https://tpp.example/cb?session=1', 'abc')).toBe('https://tpp.example/cb?session=1&state=abc');
  });
});
