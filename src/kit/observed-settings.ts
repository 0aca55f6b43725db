/**
 * The bank profile a run meets: what the target chose on each open point it was seen to decide.
 * A choice is never a failure; a value outside the setting's values is (it is no choice the
 * interface leaves room for), and so is a second, different value for the same setting in one run.
 */
import { SETTINGS, settingDefinition, type SettingValue } from '../contract/profile.js';
import { ensure } from './failure.js';

export interface ObservedSettings {
  /** Records `value` for `name`, seen in `where` (a scenario id); throws ExpectationFailed as above. */
  record(name: string, value: SettingValue, where: string): void;
  /** The observed settings in the profile table's order. */
  all(): Record<string, SettingValue>;
}

export function observedSettings(): ObservedSettings {
  const seen = new Map<string, { value: SettingValue; where: string }>();
  return {
    record(name, value, where) {
      const definition = settingDefinition(name);
      const known = definition.values.map((allowed) => JSON.stringify(allowed)).join(', ');
      ensure(
        definition.values.includes(value),
        `${name}: ${JSON.stringify(value)} is none of the values the interface leaves open (${known})`,
        { expected: definition.values, actual: value },
      );
      const earlier = seen.get(name);
      ensure(
        earlier === undefined || earlier.value === value,
        `${name}: ${JSON.stringify(value)} here, but ${JSON.stringify(earlier?.value)} in ${earlier?.where}: one bank makes one choice`,
        { expected: earlier?.value, actual: value },
      );
      seen.set(name, { value, where });
    },
    all: () =>
      Object.fromEntries(
        SETTINGS.filter((definition) => seen.has(definition.name)).map((definition) => [
          definition.name,
          seen.get(definition.name)!.value,
        ]),
      ),
  };
}
