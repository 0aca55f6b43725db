/** What a key would act on now (the oldest pending SCA, the oldest payee check) and the last outcome. */
import { Box, Text } from 'ink';
import { colourOf, fitTo, short } from './format.js';
import type { Message } from './state.js';

export interface PendingSca {
  kind: 'consent' | 'payment';
  parentId: string;
  /** The test customer holding the accounts, who approves; null when no test customer holds them. */
  customer: string | null;
}

export interface FooterProps {
  pending: PendingSca | null;
  pendingCount: number;
  payeeCheck: { paymentId: string; creditorName: string | null } | null;
  message: Message | null;
  width: number;
  color: boolean;
}

export function waitingText(
  pending: PendingSca | null,
  pendingCount: number,
  payeeCheck: FooterProps['payeeCheck'],
): string {
  const parts: string[] = [];
  if (pending) {
    const more = pendingCount > 1 ? ` (+${pendingCount - 1} more)` : '';
    parts.push(`SCA: ${pending.kind} ${short(pending.parentId)} for ${pending.customer ?? 'nobody'}${more} (a/d)`);
  }
  if (payeeCheck) parts.push(`payee check ${short(payeeCheck.paymentId)} "${payeeCheck.creditorName ?? ''}" (y/n)`);
  return parts.length ? `Waiting: ${parts.join(' · ')}` : 'Waiting: nothing for the customer to do.';
}

const TONE = { info: undefined, good: 'good', bad: 'bad' } as const;

export function Footer({ pending, pendingCount, payeeCheck, message, width, color }: FooterProps) {
  return (
    <Box flexDirection="column" width={width}>
      <Text {...colourOf(color, pending || payeeCheck ? 'warn' : 'dim')}>
        {fitTo(waitingText(pending, pendingCount, payeeCheck), width)}
      </Text>
      <Text {...colourOf(color, message ? TONE[message.tone] : undefined)}>{fitTo(message?.text ?? '', width)}</Text>
    </Box>
  );
}
