/**
 * What a report says about the run it reports on, so a reader can tell which kit judged which
 * target with which catalogue and config: the kit's version, a digest of the catalogue (its rules and
 * the scenarios' data), the target and its SCA driver, a digest of the config with its secrets masked
 * first (so the digest can be shown and recomputed without them), and when the run started.
 */
import { createHash } from 'node:crypto';
import { maskValue } from './mask.js';

export interface RunManifest {
  kitVersion: string;
  /** SHA-256 over the rule catalogue and every scenario's id, title, rules, area, needs and expectations. */
  catalogueDigest: string;
  catalogueScenarios: number;
  catalogueRules: number;
  /** The target's name and base URL. */
  target: string;
  /** The SCA driver that acted as the customer, or null (no driver: those scenarios are skipped). */
  scaDriver: string | null;
  /** The config file given, if any, and SHA-256 over its content with secrets masked. */
  config: { file: string; digest: string } | null;
  /** A certification run (`--strict`): an inconclusive scenario counts against the target. */
  strict?: boolean;
  /** The config's `name` of the target (what the bank calls it), if given. */
  label?: string;
  /** The config's `environment` of the target (`sandbox`, `pre-production`, …), if given. */
  environment?: string;
}

/** JSON with object keys sorted, so the same data always gives the same digest. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item instanceof RegExp
        ? item.source
        : item,
  );
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function catalogueDigest(catalogue: {
  rules: readonly { id: string; section: string; statement: string }[];
  scenarios: readonly {
    id: string;
    title: string;
    rules: readonly string[];
    area: string;
    needs: readonly string[];
    expect: object;
  }[];
}): string {
  return sha256(
    canonicalJson({
      rules: catalogue.rules.map(({ id, section, statement }) => ({ id, section, statement })),
      scenarios: catalogue.scenarios.map(({ id, title, rules, area, needs, expect }) => ({
        id,
        title,
        rules,
        area,
        needs,
        expect,
      })),
    }),
  );
}

/** The digest of a config's content, its secrets (passwords, tokens, keys) masked first. */
export function configDigest(content: unknown): string {
  return sha256(canonicalJson(maskValue(content)));
}
