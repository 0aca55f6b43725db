/**
 * The whole 80×23 screen laid out from what the container derived: three status rows, then the
 * panes (or the help overlay, or the conformance progress), the waiting line, the last outcome,
 * the guided line and the keys. Row counts are fixed so nothing jumps while events arrive.
 */
import { Box } from 'ink';
import { CallbacksPane } from './callbacks-pane.js';
import { ConformanceView } from './conformance-view.js';
import { ConsentsPane } from './consents-pane.js';
import { FindingsLine } from './findings-line.js';
import { Footer, type PendingSca } from './footer.js';
import { SCREEN_COLUMNS } from './format.js';
import { GuidedLine } from './guided-line.js';
import { HelpOverlay, type CurlCertificates } from './help-overlay.js';
import { GUIDED_KEY_HINTS, KeyHints } from './key-hints.js';
import { PaymentsPane } from './payments-pane.js';
import { RequestLog } from './request-log.js';
import type { ConsentRow, PaymentRow } from './selectors.js';
import type { DemoState } from './state.js';
import { StatusBar } from './status-bar.js';

export interface ScreenProps {
  now: Date;
  endpoints: { apiUrl: string; portalUrl: string; certificates: { dir: string } & CurlCertificates };
  state: Pick<
    DemoState,
    | 'requests'
    | 'requestCount'
    | 'providers'
    | 'callbacks'
    | 'findings'
    | 'findingCount'
    | 'view'
    | 'conformance'
    | 'guided'
    | 'message'
  >;
  consents: readonly ConsentRow[];
  selectedConsentId: string | undefined;
  payments: readonly PaymentRow[];
  pending: PendingSca | null;
  pendingCount: number;
  payeeCheck: { paymentId: string; creditorName: string | null } | null;
  guidedTotal: number;
  guidedExplanation: string | null;
  color: boolean;
}

/** Rows of the middle area (requests, consents, payments and callbacks, the client report's line), which the conformance view replaces. */
const MIDDLE_ROWS = 16;
const HALF = (SCREEN_COLUMNS - 2) / 2;

export function Screen(props: ScreenProps) {
  const { state, color } = props;
  const width = SCREEN_COLUMNS;
  const status = (
    <StatusBar now={props.now} {...props.endpoints} pending={props.pendingCount} width={width} color={color} />
  );
  if (state.view === 'help') {
    return (
      <Box flexDirection="column" width={width}>
        {status}
        <HelpOverlay width={width} color={color} certificates={props.endpoints.certificates} />
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width}>
      {status}
      {state.view === 'conformance' ? (
        <Box height={MIDDLE_ROWS}>
          <ConformanceView run={state.conformance} height={MIDDLE_ROWS} width={width} color={color} />
        </Box>
      ) : (
        <Box flexDirection="column" height={MIDDLE_ROWS}>
          <RequestLog
            rows={state.requests}
            providers={state.providers}
            total={state.requestCount}
            height={5}
            width={width}
            color={color}
          />
          <ConsentsPane
            rows={props.consents}
            selectedId={props.selectedConsentId}
            height={4}
            width={width}
            color={color}
          />
          <Box width={width}>
            <PaymentsPane rows={props.payments} height={3} width={HALF} color={color} />
            <Box width={2} />
            <CallbacksPane rows={state.callbacks} height={3} width={HALF} color={color} />
          </Box>
          <FindingsLine latest={state.findings.at(-1)} count={state.findingCount} width={width} color={color} />
        </Box>
      )}
      <Footer
        pending={props.pending}
        pendingCount={props.pendingCount}
        payeeCheck={props.payeeCheck}
        message={state.message}
        width={width}
        color={color}
      />
      <GuidedLine
        {...state.guided}
        total={props.guidedTotal}
        explanation={props.guidedExplanation}
        width={width}
        color={color}
      />
      <KeyHints hints={state.guided.active ? GUIDED_KEY_HINTS : undefined} width={width} color={color} />
    </Box>
  );
}
