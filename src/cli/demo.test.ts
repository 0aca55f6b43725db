import { expect, it } from 'vitest';
import { colourWanted } from './demo.js';

const colourTerminal = { isTTY: true, hasColors: () => true };

it('uses colour on a terminal that has it', () => {
  expect(colourWanted({}, colourTerminal)).toBe(true);
});

it('drops colour when NO_COLOR is set to anything, and keeps it when NO_COLOR is empty', () => {
  expect(colourWanted({ NO_COLOR: '1' }, colourTerminal)).toBe(false);
  expect(colourWanted({ NO_COLOR: 'false' }, colourTerminal)).toBe(false);
  expect(colourWanted({ NO_COLOR: '' }, colourTerminal)).toBe(true);
});

it('drops colour on a terminal without colours or on no terminal', () => {
  expect(colourWanted({}, { isTTY: true, hasColors: () => false })).toBe(false);
  expect(colourWanted({}, { isTTY: false, hasColors: () => true })).toBe(false);
  expect(colourWanted({}, {})).toBe(false);
});
