/** The masking rules moved to the contract, where the simulator's request journal uses them too. */
export * from '../contract/mask.js';
