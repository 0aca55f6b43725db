/** The conformance catalogue, built beside the package by tsconfig.catalogue.json (dist/catalogue/conformance/index.js). */
import type { Scenario } from '../kit/scenario.js';

export class CatalogueMissing extends Error {}

export async function loadCatalogue(): Promise<readonly Scenario[]> {
  const module = (await import(new URL('../catalogue/conformance/index.js', import.meta.url).href)) as { catalogue?: readonly Scenario[] };
  if (!Array.isArray(module.catalogue)) throw new CatalogueMissing('the conformance catalogue is missing from the build');
  return module.catalogue;
}
