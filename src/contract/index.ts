export * from './enums.js';
export * from './errors.js';
export * from './headers.js';
export * from './iban.js';
export * from './schemas.js';
export * from './money.js';
export * from './ais.js';
export * from './redirect-uri.js';
