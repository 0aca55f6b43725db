/**
 * The Call an operation reads (call.ts), over an exchange that has passed every stage before the
 * operation: a class, so the per-request cost is one object, not a set of closures. B is the body
 * type of the row's operation; body() runs that row's reader, which gives exactly it.
 */
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import { isoDate } from '../../contract/dates.js';
import { REQUEST_BODIES } from '../../contract/request-bodies.js';
import type { Clock } from '../clock.js';
import type { ProviderIdentity } from '../rules/identity.js';
import type { Call } from './call.js';
import type { Exchange } from './exchange.js';

export class RequestCall<B> implements Call<B> {
  #query: ParsedUrlQuery | undefined;
  readonly identity: ProviderIdentity;

  constructor(
    private readonly exchange: Exchange,
    private readonly clock: Clock,
  ) {
    // The authenticate stage set it, or threw.
    this.identity = exchange.identity!;
  }

  get method(): string {
    return this.exchange.method;
  }

  get path(): string {
    return this.exchange.target.pathname;
  }

  get params(): Readonly<Record<string, string>> {
    return this.exchange.params;
  }

  get rawBody(): unknown {
    return this.exchange.body;
  }

  get requestId(): string {
    return this.exchange.requestId ?? '';
  }

  /** The row's body reader, today being the sandbox clock's UTC day (validUntil, requestedExecutionDate). */
  body(): B {
    const name = this.exchange.route?.row.requestBody;
    // The one place the type system cannot follow the row: the reader named there gives its operation's B.
    return (
      name === undefined ? undefined : REQUEST_BODIES[name].read(this.exchange.body, isoDate(this.clock.now()))
    ) as B;
  }

  get query(): ParsedUrlQuery {
    return (this.#query ??= parseQuery(this.exchange.target.query ?? ''));
  }

  get(name: string): string | undefined {
    const value = this.exchange.req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }
}
