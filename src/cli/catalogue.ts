/** The conformance catalogue (conformance/, built beside src/ into dist/conformance/), loaded only when a command needs it. */
import type { Scenario } from '../kit/scenario.js';

export class CatalogueMissing extends Error {}

export async function loadCatalogue(): Promise<readonly Scenario[]> {
  const module = (await import('../../conformance/index.js')) as { catalogue?: readonly Scenario[] };
  if (!Array.isArray(module.catalogue)) throw new CatalogueMissing('the conformance catalogue is missing from the build');
  return module.catalogue;
}
