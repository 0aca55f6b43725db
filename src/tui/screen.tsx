/**
 * The whole screen laid out from what the container derived, at the terminal's size (80×24 at
 * least, one row spare): three status rows, then the panes (or the help overlay, or the conformance
 * progress), the waiting line, the last outcome, the guided line and the keys. A taller terminal
 * gives the panes more rows, a wider one every line more columns. Row counts depend only on the
 * size, so nothing jumps while events arrive.
 */
import { Box } from 'ink';
import { CallbacksPane } from './callbacks-pane.js';
import { ConformanceView } from './conformance-view.js';
import { ConsentsPane } from './consents-pane.js';
import { FindingsLine } from './findings-line.js';
import { Footer, type PendingSca } from './footer.js';
import { GuidedLine } from './guided-line.js';
import { HelpOverlay, type CurlCertificates } from './help-overlay.js';
import { GUIDED_KEY_HINTS, KeyHints } from './key-hints.js';
import { PaymentsPane } from './payments-pane.js';
import { RequestLog } from './request-log.js';
import type { ConsentRow, PaymentRow } from './selectors.js';
import type { DemoState } from './state.js';
import { StatusBar } from './status-bar.js';
import type { ScreenSize } from './terminal-size.js';

export interface ScreenProps {
  /** The terminal's size, 80×24 at least. */
  size: ScreenSize;
  now: Date;
  endpoints: {
    apiUrl: string;
    portalUrl: string;
    certificates: { dir: string } & CurlCertificates;
    world?: string | undefined;
  };
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

/**
 * Rows of the middle area (requests, consents, payments and callbacks, the client report's line; the
 * conformance view replaces it) and of each pane's lines: 16 at 24 rows, 5, 4 and 3 lines and the
 * report's line; half of every extra row goes to the requests, a quarter to the consents, the rest to
 * payments and callbacks.
 */
export function paneRows(rows: number): { middle: number; requests: number; consents: number; bottom: number } {
  const extra = Math.max(0, rows - 24);
  const requests = 5 + Math.ceil(extra / 2);
  const consents = 4 + Math.floor(extra / 4);
  return { middle: 16 + extra, requests, consents, bottom: 3 + extra - (requests - 5) - (consents - 4) };
}

export function Screen(props: ScreenProps) {
  const { state, color } = props;
  const width = props.size.columns;
  const rows = paneRows(props.size.rows);
  const left = Math.floor((width - 2) / 2);
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
        <Box height={rows.middle}>
          <ConformanceView run={state.conformance} height={rows.middle} width={width} color={color} />
        </Box>
      ) : (
        <Box flexDirection="column" height={rows.middle}>
          <RequestLog
            rows={state.requests}
            providers={state.providers}
            total={state.requestCount}
            height={rows.requests}
            width={width}
            color={color}
          />
          <ConsentsPane
            rows={props.consents}
            selectedId={props.selectedConsentId}
            height={rows.consents}
            width={width}
            color={color}
          />
          <Box width={width}>
            <PaymentsPane rows={props.payments} height={rows.bottom} width={left} color={color} />
            <Box width={2} />
            <CallbacksPane rows={state.callbacks} height={rows.bottom} width={width - 2 - left} color={color} />
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
