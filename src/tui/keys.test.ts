import { expect, it } from 'vitest';
import { commandOf } from './keys.js';

it('maps the dashboard letters and arrows to commands', () => {
  const letters = ['a', 'd', 'r', 'y', 'n', 't', 'T', 'c', 'g', '?', 'q'].map((input) =>
    commandOf(input, {}, 'dashboard', false),
  );
  expect(letters).toEqual([
    'approve',
    'decline',
    'revoke',
    'payee-confirm',
    'payee-refuse',
    'clock-hour',
    'clock-day',
    'conformance',
    'guided',
    'help',
    'quit',
  ]);
  expect(commandOf('', { upArrow: true }, 'dashboard', false)).toBe('up');
  expect(commandOf('', { downArrow: true }, 'dashboard', false)).toBe('down');
});

it('runs the next guided step on space or enter only in guided mode', () => {
  expect(commandOf(' ', {}, 'dashboard', true)).toBe('next-step');
  expect(commandOf('\r', { return: true }, 'dashboard', true)).toBe('next-step');
  expect(commandOf(' ', {}, 'dashboard', false)).toBeUndefined();
});

it('closes the help and the conformance view with their key or Esc, and quits from anywhere', () => {
  expect(commandOf('?', {}, 'help', false)).toBe('close');
  expect(commandOf('', { escape: true }, 'help', false)).toBe('close');
  expect(commandOf('a', {}, 'help', false)).toBeUndefined();
  expect(commandOf('c', {}, 'conformance', false)).toBe('close');
  expect(commandOf('q', {}, 'conformance', false)).toBe('quit');
  expect(commandOf('c', { ctrl: true }, 'help', false)).toBe('quit');
});
