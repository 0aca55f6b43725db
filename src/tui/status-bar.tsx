/** Top three rows: the sandbox clock and what attendees need to call the running sandbox with curl. */
import { Box, Text } from 'ink';
import { clockText, colourOf, fitTo, fitLeft } from './format.js';

export interface StatusBarProps {
  now: Date;
  apiUrl: string;
  portalUrl: string;
  certificates: { dir: string };
  /** With worlds: the world shown (its owner's organizationIdentifier). */
  world?: string | undefined;
  pending: number;
  width: number;
  color: boolean;
}

export function StatusBar({ now, apiUrl, portalUrl, certificates, world, pending, width, color }: StatusBarProps) {
  const left = `xs2a-kit demo${world === undefined ? '' : ` · world ${world}`} · clock ${clockText(now)}`;
  const right = pending > 0 ? `${pending} SCA waiting · ? help` : '? help';
  const certs = ' ca.crt  tpp.crt + tpp.key';
  return (
    <Box flexDirection="column" width={width}>
      <Text>
        <Text bold>{fitTo(left, width - right.length)}</Text>
        <Text {...colourOf(color, pending > 0 ? 'warn' : 'dim')}>{right}</Text>
      </Text>
      <Text>{fitTo(`API ${apiUrl} (paths /v1, mTLS) · customer ${portalUrl}`, width)}</Text>
      <Text>
        {fitTo(`certs ${fitLeft(certificates.dir, width - 'certs /'.length - certs.length).trimEnd()}/${certs}`, width)}
      </Text>
    </Box>
  );
}
