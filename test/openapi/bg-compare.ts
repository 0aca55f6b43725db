/**
 * Compares a response schema of our document with the Berlin Group's response schema for the same
 * operation and status: every field we declare must exist there with a compatible type, and our
 * enumerations must be subsets of theirs. Their oneOf/anyOf/allOf variants are unioned: a field
 * counts as defined when any variant defines it.
 */
type Json = Record<string, any>;

export interface Finding {
  /** Our schema component and a JSON-pointer-like location in it, e.g. "TppMessages /tppMessages[]/code". */
  at: string;
  problem: string;
}

/** Our path template in the Berlin Group's spelling (payment-service is "payments" for single payments). */
export function berlinGroupPath(path: string): string {
  return path
    .replace('/v1/payments/', '/v1/{payment-service}/')
    .replace('{payment_product}', '{payment-product}')
    .replace('{payment_id}', '{paymentId}')
    .replace('{consent_id}', '{consentId}')
    .replace('{authorisation_id}', '{authorisationId}')
    .replace('{account_id}', '{account-id}');
}

export function resolveIn(doc: Json, node: Json | undefined): Json | undefined {
  let at = node;
  for (let hops = 0; at && typeof at.$ref === 'string' && hops < 20; hops++) {
    at = (at.$ref as string)
      .slice(2)
      .split('/')
      .reduce(
        (parent: Json | undefined, key: string) => parent?.[key.replaceAll('~1', '/').replaceAll('~0', '~')],
        doc,
      );
  }
  return at;
}

/** Their schema with compositions flattened into the list of concrete variants. */
function variants(doc: Json, node: Json | undefined, seen = new Set<Json>()): Json[] {
  const schema = resolveIn(doc, node);
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const parts = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])] as Json[];
  const own = { ...schema };
  delete own.allOf;
  delete own.oneOf;
  delete own.anyOf;
  return [own, ...parts.flatMap((part) => variants(doc, part, seen))];
}

function typeOf(schema: Json): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (schema.const !== undefined) return typeof schema.const === 'number' ? 'number' : typeof schema.const;
  if (schema.enum) return typeof schema.enum[0];
  if (schema.properties || schema.additionalProperties) return 'object';
  return undefined;
}

function compatible(ours: string, theirs: string): boolean {
  return ours === theirs || (ours === 'integer' && theirs === 'number');
}

export function compareSchemas(
  ourDoc: Json,
  ours: Json,
  theirDoc: Json,
  theirs: Json | undefined,
  at: string,
  findings: Finding[],
): void {
  const mine = resolveIn(ourDoc, ours) as Json;
  const options = variants(theirDoc, theirs);
  const ourType = typeOf(mine);
  const typed = options.filter((option) => typeOf(option) !== undefined);
  if (ourType && typed.length > 0 && !typed.some((option) => compatible(ourType, typeOf(option) as string))) {
    findings.push({ at, problem: `type ${ourType}, Berlin Group has ${[...new Set(typed.map(typeOf))].join(' or ')}` });
    return;
  }
  const ourValues: unknown[] | undefined = mine.enum ?? (mine.const === undefined ? undefined : [mine.const]);
  const enums = options.filter((option) => Array.isArray(option.enum));
  if (enums.length > 0) {
    const allowed = new Set(enums.flatMap((option) => option.enum as unknown[]));
    if (!ourValues)
      findings.push({
        at,
        problem: `any ${ourType ?? 'value'}, Berlin Group allows only an enumeration (${allowed.size} values)`,
      });
    else {
      const extra = ourValues.filter((value) => !allowed.has(value));
      if (extra.length > 0)
        findings.push({ at, problem: `values ${extra.join(', ')} are not in the Berlin Group enumeration` });
    }
  }
  if (ourType === 'array') {
    const items = options.map((option) => option.items).filter(Boolean);
    compareSchemas(ourDoc, mine.items, theirDoc, items.length ? { anyOf: items } : undefined, `${at}[]`, findings);
  }
  if (ourType === 'object') {
    const theirProperties = (name: string) =>
      options.map((option) => option.properties?.[name]).filter(Boolean) as Json[];
    for (const [name, schema] of Object.entries((mine.properties ?? {}) as Json)) {
      const found = theirProperties(name);
      if (found.length === 0) findings.push({ at: `${at}/${name}`, problem: 'field not defined by the Berlin Group' });
      else compareSchemas(ourDoc, schema, theirDoc, { anyOf: found }, `${at}/${name}`, findings);
    }
    // A map of any key (our _links): each of our values must fit each named member they define.
    if (!mine.properties && typeof mine.additionalProperties === 'object') {
      const members = options.flatMap((option) => Object.values((option.properties ?? {}) as Json));
      if (members.length > 0)
        compareSchemas(ourDoc, mine.additionalProperties, theirDoc, { anyOf: members }, `${at}/*`, findings);
    }
  }
}
