/** The package's programmatic API. */
export { startSandbox, type Sandbox, type SandboxClock } from './sim/sandbox.js';
export { SandboxError } from './sim/library/errors.js';
export type { SandboxFetch, SandboxTls } from './sim/library/fetch.js';
export type { ProviderOptions, SandboxProvider } from './sim/library/providers.js';
export type { CertificateRef, SandboxPki } from './sim/library/pki.js';
export type { CustomerOutcome, SandboxPsu } from './sim/library/psu.js';
export type { Booking, BookingInput, SandboxFaults } from './sim/library/tools.js';
export type { SandboxRequests } from './sim/library/requests.js';
export type { JournalEntry } from './sim/journal/entry.js';
export type { JournalFilter } from './sim/journal/filter.js';
export type { JournalPage } from './sim/journal/journal.js';
export type { SandboxOptionsInput } from './sim/options.js';
export type { ProfileOption, ServedProfile } from './sim/profile.js';
export type { FaultRuleInput, FaultsOption } from './sim/faults/schema.js';
export type { EventBus, ExchangeEvent, HeaderValues, SandboxEventMap, RequestEvent } from './sim/events.js';
export type { SandboxCallbacks, SandboxClientReport } from './sim/library/client-report.js';
export type { ClientReport } from './sim/judge/judge.js';
export type { Acknowledgement, ClientFinding, ClientHint } from './sim/judge/findings.js';
export type { CallbackEvidence, ExchangeEvidence } from './sim/judge/evidence.js';
export type { Provocation } from './sim/judge/provoked.js';
export type { ForgeInput, ForgeResult, ForgeKind } from './sim/services/callbacks/forge.js';
export type { ForgedCallbackEvent, ForgedSend } from './sim/callback-events.js';
export {
  CLIENT_ADVICE,
  CLIENT_RULES,
  type ClientAdvice,
  type ClientRule,
  type ClientSeverity,
} from './sim/judge/client-rules.js';
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
