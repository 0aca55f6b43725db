// Loaded with `node --import`: makes `playwright-core` unresolvable, as on a machine where it is not
// installed, so the kit's check for it can be seen from the outside.
import { register } from 'node:module';

const hook = `export async function resolve(specifier, context, next) {
  if (specifier === 'playwright-core' || specifier.startsWith('playwright-core/')) {
    const error = new Error("Cannot find package 'playwright-core'");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
