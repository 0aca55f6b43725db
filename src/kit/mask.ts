/**
 * The kit masks every recorded exchange as the sandbox's client report does: one set of masking
 * functions, in the contract (both sides use it), re-exported here for the kit's reporters.
 */
export { MASK, maskBody, maskHeaders, maskText, maskValue } from '../contract/mask.js';
