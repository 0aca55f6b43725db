/** Flag value parsers: a bad value stops the command with a usage error, never a stack trace. */
import { InvalidArgumentError } from 'commander';

export function integer(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    const number = Number(value);
    if (number < min || number > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    return number;
  };
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
