// @ts-check
/**
 * Two StrykerJS ignorers (stryker.config.mjs `ignorers`). A mutant they match is reported as
 * "Ignored" with the reason below, in the report and outside the score. Each rule is narrow on
 * purpose: it names a kind of code whose mutants no client of the interface can tell apart.
 *
 * free-wording: the wording of a refusal. The interface has clients branch on `code` and `path`
 *   and never on `text`, so the words of a tppMessage (an error's `text`, a zod issue `message`,
 *   a message argument of a zod check, a function or constant whose name ends in `Text` or
 *   `describeIbanProblem`, which builds such words) are free.
 * invariant-guards: `if (…) throw new RangeError(…)` inside the simulator guards an internal
 *   invariant that every request path keeps (amounts in whole cents, ledger sequence order, page
 *   sizes); no request can reach it, so the catalogue cannot either. The unit tests beside those
 *   files (ledger.test.ts, paging.test.ts, entry-reference.test.ts, money.test.ts) hold them.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const WORDING_PROPERTIES = new Set(['text', 'message']);
/** zod checks whose arguments after the first are the message. */
const ZOD_CHECKS = new Set(['regex', 'refine', 'min', 'max', 'length']);
const WORDING_FUNCTIONS = new Set(['describeIbanProblem']);

/** @param {any} node */
function nameOf(node) {
  if (!node) return undefined;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'StringLiteral') return node.value;
  return undefined;
}

/** @param {string | undefined} name */
function isWordingName(name) {
  return name !== undefined && (name.endsWith('Text') || WORDING_FUNCTIONS.has(name));
}

/** @param {any} path */
function wording(path) {
  const { node, parent } = path;
  if (parent?.type === 'ObjectProperty' && path.key === 'value' && WORDING_PROPERTIES.has(nameOf(parent.key) ?? '')) {
    return 'Free wording: a tppMessage text, which clients never branch on (they read code and path).';
  }
  if (
    node.type === 'ObjectExpression' &&
    node.properties.length > 0 &&
    node.properties.every(
      (property) => property.type === 'ObjectProperty' && WORDING_PROPERTIES.has(nameOf(property.key) ?? ''),
    )
  ) {
    return 'Free wording: an object that carries only a tppMessage text.';
  }
  if (
    (node.type === 'StringLiteral' || node.type === 'TemplateLiteral') &&
    parent?.type === 'CallExpression' &&
    path.listKey === 'arguments' &&
    typeof path.key === 'number' &&
    path.key >= 1 &&
    parent.callee.type === 'MemberExpression' &&
    ZOD_CHECKS.has(nameOf(parent.callee.property) ?? '')
  ) {
    return 'Free wording: the message of a schema check, which becomes a tppMessage text.';
  }
  if (node.type === 'FunctionDeclaration' && isWordingName(nameOf(node.id))) {
    return `Free wording: ${nameOf(node.id)} only words a refusal's text.`;
  }
  if (node.type === 'VariableDeclarator' && isWordingName(nameOf(node.id))) {
    return `Free wording: ${nameOf(node.id)} only holds a refusal's text.`;
  }
  return undefined;
}

/** @param {any} node */
function throwsRangeError(node) {
  if (node?.type === 'BlockStatement' && node.body.length === 1) return throwsRangeError(node.body[0]);
  return (
    node?.type === 'ThrowStatement' &&
    node.argument?.type === 'NewExpression' &&
    nameOf(node.argument.callee) === 'RangeError'
  );
}

/** @param {any} path */
function invariantGuard(path) {
  const { node } = path;
  if (node.type === 'IfStatement' && !node.alternate && throwsRangeError(node.consequent)) {
    return 'Invariant guard: no request can break this internal invariant; the unit tests beside the file hold it.';
  }
  if (node.type === 'ThrowStatement' && throwsRangeError(node)) {
    return 'Invariant guard: no request can break this internal invariant; the unit tests beside the file hold it.';
  }
  return undefined;
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'free-wording', { shouldIgnore: wording }),
  declareValuePlugin(PluginKind.Ignore, 'invariant-guards', { shouldIgnore: invariantGuard }),
];
