/**
 * The kit masks every recorded exchange as the sandbox's request journal and client report do: one set of
 * masking functions, in the contract (both sides use it), re-exported here for the kit's reporters.
 */
export * from '../contract/mask.js';
