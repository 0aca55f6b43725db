/** The package's programmatic API. */
export { startSandbox, type Sandbox, type SandboxClock } from './sim/sandbox.js';
export {
  SandboxError,
  type Booking,
  type BookingInput,
  type CustomerOutcome,
  type ProviderOptions,
  type SandboxFaults,
  type SandboxFetch,
  type SandboxProvider,
  type SandboxPsu,
  type SandboxTls,
} from './sim/library.js';
export type { SandboxOptionsInput } from './sim/options.js';
export type { ProfileOption, ServedProfile } from './sim/profile.js';
export type { FaultRuleInput, FaultsOption } from './sim/faults/schema.js';
export type { EventBus, ExchangeEvent, HeaderValues, SandboxEventMap, RequestEvent } from './sim/events.js';
export * from './contract/index.js';
export {
  ensureCertificates,
  writeProviderCertificate,
  issueQwac,
  readQwac,
  readQwacPem,
  type CertificatePaths,
  type PspRole,
} from './certs/index.js';
