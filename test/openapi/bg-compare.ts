/**
 * Our OpenAPI document held against Berlin Group 1.3.12, both ways, for every operation both
 * define: every status each declares, every response and request field each defines (with type,
 * enumeration and whether it is required), every request header and query parameter, and every
 * response header each declares for a status both declare. Each difference is a
 * key (`kind: subject`) with the operations (and statuses) where it was seen. Their
 * oneOf/anyOf/allOf variants are unioned: a field counts as defined when any variant defines it, and
 * as required when an allOf part or the schema itself requires it. Locations are named by our own
 * schema component (`Transaction/endToEndId`), so a component used in many places is one key.
 */
type Json = Record<string, any>;

export const KINDS = [
  'status only here',
  'status only in Berlin Group',
  'no body in Berlin Group',
  'type differs',
  'values only here',
  'values only in Berlin Group',
  'field only here',
  'field only in Berlin Group',
  'required only in Berlin Group',
  'request field only here',
  'request field only in Berlin Group',
  'request field required only here',
  'request values only in Berlin Group',
  'parameter only here',
  'parameter only in Berlin Group',
  'parameter required only here',
  'parameter required only in Berlin Group',
  'parameter values only in Berlin Group',
  'response header only here',
  'response header only in Berlin Group',
] as const;
export type Kind = (typeof KINDS)[number];

/** Differences by key (`field only in Berlin Group: Transaction/endToEndId`), each with where it was seen. */
export type Differences = Map<string, Set<string>>;

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

/** The component a node names, when it is a reference to one. */
function componentOf(node: Json | undefined): string | undefined {
  return typeof node?.$ref === 'string' ? (node.$ref as string).split('/').pop() : undefined;
}

/**
 * Berlin Group's payment bodies are one of a single, a periodic or a bulk payment, told apart by
 * {payment-service}; ours is `payments` (berlinGroupPath), so only the single payment's shape counts.
 */
const OTHER_PAYMENT_SERVICES = /^(periodic|bulk)/i;

/** Their schema with compositions flattened into the list of concrete variants, and what allOf makes required. */
function variants(
  doc: Json,
  node: Json | undefined,
  seen = new Set<Json>(),
): { options: Json[]; required: Set<string> } {
  const schema = resolveIn(doc, node);
  const required = new Set<string>();
  if (!schema || seen.has(schema)) return { options: [], required };
  seen.add(schema);
  for (const name of (schema.required ?? []) as string[]) required.add(name);
  const own = { ...schema };
  delete own.allOf;
  delete own.oneOf;
  delete own.anyOf;
  const options = [own];
  for (const part of (schema.allOf ?? []) as Json[]) {
    const inner = variants(doc, part, seen);
    options.push(...inner.options);
    for (const name of inner.required) required.add(name);
  }
  // A field one of the alternatives makes required is required when every alternative requires it.
  const alternatives = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]
    .filter((part: Json) => !OTHER_PAYMENT_SERVICES.test(componentOf(part) ?? ''))
    .map((part: Json) => variants(doc, part, seen));
  for (const alternative of alternatives) options.push(...alternative.options);
  const [first, ...rest] = alternatives;
  for (const name of first?.required ?? [])
    if (rest.every((alternative) => alternative.required.has(name))) required.add(name);
  return { options, required };
}

function typeOf(schema: Json): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (schema.const !== undefined) return typeof schema.const === 'number' ? 'number' : typeof schema.const;
  if (schema.enum) return typeof schema.enum[0];
  if (schema.properties || schema.additionalProperties) return 'object';
  return undefined;
}

const compatible = (ours: string, theirs: string) => ours === theirs || (ours === 'integer' && theirs === 'number');

export interface Comparison {
  ourDoc: Json;
  theirDoc: Json;
  /** Where the findings are seen: `operationId status`, or `operationId request`. */
  where: string;
  /** Response (what the bank sends) or request (what the client sends). */
  direction: 'response' | 'request';
  found: Differences;
}

function note(c: Comparison, kind: Kind, subject: string): void {
  const key = `${kind}: ${subject}`;
  const where = c.found.get(key) ?? new Set<string>();
  where.add(c.where);
  c.found.set(key, where);
}

function compareEnums(c: Comparison, mine: Json, options: Json[], at: string, ourType: string | undefined): void {
  const ours: unknown[] | undefined = mine.enum ?? (mine.const === undefined ? undefined : [mine.const]);
  const enums = options.filter((option) => Array.isArray(option.enum));
  if (enums.length === 0) return;
  const theirs = new Set(enums.flatMap((option) => option.enum as unknown[]));
  if (!ours) {
    // Any value where they enumerate: a difference only for what the bank sends.
    if (c.direction === 'response') note(c, 'values only here', `${at} (any ${ourType ?? 'value'})`);
    return;
  }
  const extra = ours.filter((value) => !theirs.has(value));
  const missing = [...theirs].filter((value) => !ours.includes(value));
  if (extra.length > 0) note(c, 'values only here', `${at} ${extra.join(', ')}`);
  if (missing.length > 0)
    note(
      c,
      c.direction === 'response' ? 'values only in Berlin Group' : 'request values only in Berlin Group',
      `${at} ${missing.join(', ')}`,
    );
}

/** Compares one of our schemas with theirs at `at`, recording each difference in `c.found`. */
export function compareSchemas(c: Comparison, ours: Json, theirs: Json | undefined, at: string): void {
  const mine = resolveIn(c.ourDoc, ours) as Json;
  const here = componentOf(ours) ?? at;
  const { options, required } = variants(c.theirDoc, theirs);
  const ourType = typeOf(mine);
  const typed = options.filter((option) => typeOf(option) !== undefined);
  if (ourType && typed.length > 0 && !typed.some((option) => compatible(ourType, typeOf(option) as string))) {
    note(c, 'type differs', `${here} (${ourType}, Berlin Group ${[...new Set(typed.map(typeOf))].join(' or ')})`);
    return;
  }
  compareEnums(c, mine, options, here, ourType);
  if (ourType === 'array') {
    const items = options.map((option) => option.items).filter(Boolean);
    compareSchemas(c, mine.items, items.length ? { anyOf: items } : undefined, `${here}[]`);
  }
  if (ourType !== 'object') return;
  const ourProperties = (mine.properties ?? {}) as Json;
  const ourRequired = new Set((mine.required ?? []) as string[]);
  const theirProperties = new Map<string, Json[]>();
  for (const option of options)
    for (const [name, schema] of Object.entries((option.properties ?? {}) as Json))
      theirProperties.set(name, [...(theirProperties.get(name) ?? []), schema as Json]);
  const response = c.direction === 'response';
  for (const [name, schema] of Object.entries(ourProperties)) {
    const found = theirProperties.get(name);
    if (!found) note(c, response ? 'field only here' : 'request field only here', `${here}/${name}`);
    else compareSchemas(c, schema as Json, { anyOf: found }, `${here}/${name}`);
  }
  for (const name of theirProperties.keys()) {
    if (name in ourProperties) {
      if (response && required.has(name) && !ourRequired.has(name))
        note(c, 'required only in Berlin Group', `${here}/${name}`);
      if (!response && ourRequired.has(name) && !required.has(name))
        note(c, 'request field required only here', `${here}/${name}`);
    } else if (!mine.additionalProperties || mine.properties) {
      note(c, response ? 'field only in Berlin Group' : 'request field only in Berlin Group', `${here}/${name}`);
    }
  }
  // A map of any key (our _links): each of our values must fit each member they name.
  if (!mine.properties && typeof mine.additionalProperties === 'object') {
    const members = [...theirProperties.values()].flat();
    if (members.length > 0) compareSchemas(c, mine.additionalProperties, { anyOf: members }, `${here}/*`);
  }
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: Json | undefined;
}

function parametersOf(doc: Json, nodes: Json[] | undefined): Map<string, Parameter> {
  const found = new Map<string, Parameter>();
  for (const node of nodes ?? []) {
    const parameter = resolveIn(doc, node) as Json | undefined;
    // Path parameters are matched with the path itself (berlinGroupPath).
    if (!parameter || parameter.in === 'path') continue;
    found.set(`${parameter.in} ${(parameter.name as string).toLowerCase()}`, {
      name: parameter.name as string,
      in: parameter.in as string,
      required: parameter.required === true,
      schema: parameter.schema as Json | undefined,
    });
  }
  return found;
}

function compareParameters(ourDoc: Json, op: Json, theirDoc: Json, theirs: Json, found: Differences): void {
  const c: Comparison = { ourDoc, theirDoc, where: op.operationId as string, direction: 'request', found };
  const ours = parametersOf(ourDoc, op.parameters as Json[]);
  const their = parametersOf(theirDoc, theirs.parameters as Json[]);
  for (const [key, mine] of ours) {
    const other = their.get(key);
    if (!other) note(c, 'parameter only here', `${mine.in} ${mine.name}`);
    else if (mine.required && !other.required) note(c, 'parameter required only here', `${mine.in} ${mine.name}`);
    else if (!mine.required && other.required)
      note(c, 'parameter required only in Berlin Group', `${mine.in} ${mine.name}`);
    const mineValues = resolveIn(ourDoc, mine.schema)?.enum as unknown[] | undefined;
    const otherValues = resolveIn(theirDoc, other?.schema)?.enum as unknown[] | undefined;
    const missing = mineValues && otherValues ? otherValues.filter((value) => !mineValues.includes(value)) : [];
    if (missing.length > 0)
      note(c, 'parameter values only in Berlin Group', `${mine.in} ${mine.name} ${missing.join(', ')}`);
  }
  for (const [key, other] of their)
    if (!ours.has(key)) note(c, 'parameter only in Berlin Group', `${other.in} ${other.name}`);
}

/** The response headers one status declares, by lower-case name, spelled as declared. */
function headersOf(doc: Json, response: Json | undefined): Map<string, string> {
  const names = Object.keys((resolveIn(doc, response)?.headers ?? {}) as Json);
  return new Map(names.map((name) => [name.toLowerCase(), name]));
}

function compareResponseHeaders(c: Comparison, mine: Json, their: Json): void {
  const ours = headersOf(c.ourDoc, mine);
  const theirs = headersOf(c.theirDoc, their);
  for (const [key, name] of ours) if (!theirs.has(key)) note(c, 'response header only here', name);
  for (const [key, name] of theirs) if (!ours.has(key)) note(c, 'response header only in Berlin Group', name);
}

const bodySchema = (doc: Json, node: Json | undefined) =>
  resolveIn(doc, node)?.content?.['application/json']?.schema as Json | undefined;

/** Every difference between the two documents, and which operations both define or only we do. */
export function compareDocuments(
  ourDoc: Json,
  theirDoc: Json,
): { found: Differences; shared: string[]; onlyOurs: string[] } {
  const found: Differences = new Map();
  const shared: string[] = [];
  const onlyOurs: string[] = [];
  for (const [path, item] of Object.entries(ourDoc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const theirs = theirDoc.paths[berlinGroupPath(path)]?.[method] as Json | undefined;
      if (!theirs) {
        onlyOurs.push(op.operationId);
        continue;
      }
      shared.push(op.operationId);
      const statuses = new Set([...Object.keys(op.responses as Json), ...Object.keys(theirs.responses as Json)]);
      for (const status of statuses) {
        const c: Comparison = { ourDoc, theirDoc, where: `${op.operationId} ${status}`, direction: 'response', found };
        const mine = op.responses[status] as Json | undefined;
        const their = theirs.responses[status] as Json | undefined;
        if (!their) note(c, 'status only here', status);
        if (!mine) note(c, 'status only in Berlin Group', status);
        if (mine && their) compareResponseHeaders(c, mine, their);
        const schema = bodySchema(ourDoc, mine);
        if (!schema || !their) continue;
        const theirSchema = bodySchema(theirDoc, their);
        if (theirSchema) compareSchemas(c, schema, theirSchema, componentOf(schema) ?? status);
        else note(c, 'no body in Berlin Group', componentOf(schema) ?? status);
      }
      const request = bodySchema(ourDoc, op.requestBody);
      if (request) {
        const c: Comparison = { ourDoc, theirDoc, where: `${op.operationId} request`, direction: 'request', found };
        compareSchemas(c, request, bodySchema(theirDoc, theirs.requestBody), componentOf(request) ?? 'request');
      }
      compareParameters(ourDoc, op, theirDoc, theirs, found);
    }
  }
  return { found, shared, onlyOurs };
}
