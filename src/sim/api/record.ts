/**
 * The lifecycle's last stage: after the answer is written (or the connection dropped), one
 * `request` event (the terminal UI's request log) and one `exchange` event (the whole exchange:
 * what was received and what was written) per API request. Each is built only while someone listens
 * to it, so an unobserved request pays for a counter and two look-ups.
 */
import { maskText } from '../../contract/mask.js';
import type { SandboxContext } from '../context.js';
import type { ExchangeEvent, HeaderValues } from '../events.js';
import type { Exchange } from './exchange.js';
import type { HeaderList } from './write-answer.js';

/** What the functions here read of their world's context: the type lets them reach nothing else. */
export type RecordContext = Pick<SandboxContext, 'events'>;

/** The request's headers as received, from the raw list: a name sent twice keeps both values. */
function receivedHeaders(raw: readonly string[]): HeaderValues {
  const headers: HeaderValues = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    const before = headers[name];
    headers[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return headers;
}

function writtenHeaders(list: HeaderList): Record<string, string> {
  const written: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) {
    const name = String(list[i]).toLowerCase();
    const value = String(list[i + 1]);
    written[name] = written[name] === undefined ? value : `${written[name]}, ${value}`;
  }
  return written;
}

function exchangeEvent(id: number, x: Exchange, latencyMs: number): ExchangeEvent {
  const written = x.written;
  const query = x.url.indexOf('?');
  const bodyWritten =
    written?.payload !== undefined && x.method !== 'HEAD' && written.status !== 204 && written.status !== 304;
  return {
    id,
    at: new Date(x.arrivedMs).toISOString(),
    realAt: new Date(x.realMs).toISOString(),
    provider: x.identity?.organizationIdentifier,
    request: {
      method: x.method,
      path: x.path,
      query: query === -1 ? '' : x.url.slice(query + 1),
      headers: receivedHeaders(x.req.rawHeaders),
      body: x.bodyText,
    },
    answer: written && {
      status: written.status,
      headers: writtenHeaders(x.writtenHeaders ?? []),
      body: bodyWritten ? written.payload?.text : undefined,
    },
    code: written?.code,
    operationId: x.route?.row.operationId,
    params: x.route ? x.params : undefined,
    fault: x.fault,
    latencyMs,
    ...(x.clientClosed ? { clientClosed: true as const } : {}),
  };
}

/** The record stage of one sandbox: numbers its exchanges and emits what is listened to. */
export function exchangeRecorder(ctx: RecordContext): (x: Exchange) => void {
  let sequence = 0;
  return (x) => {
    sequence += 1;
    const exchange = ctx.events.has('exchange');
    const request = ctx.events.has('request');
    if (!exchange && !request) return;
    const latencyMs = performance.now() - x.startedAt;
    if (request && x.written) {
      ctx.events.emit('request', {
        at: new Date(x.arrivedMs).toISOString(),
        provider: x.identity?.organizationIdentifier,
        method: x.method,
        // The terminal UI prints it: a card number or a key sent in the path is masked as everywhere else.
        path: maskText(x.path),
        status: x.written.status,
        code: x.written.code,
        latencyMs,
      });
    }
    if (exchange) ctx.events.emit('exchange', exchangeEvent(sequence, x, latencyMs));
  };
}
