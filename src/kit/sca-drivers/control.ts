/**
 * The `control` SCA driver: the customer approves or declines through the target's control API
 * (`POST …/sandbox/authorisations/{authorisationId}`), which does what a customer does on the SCA page
 * (login, one-time code, decision) through the same code path. For a bank that is an xs2a-kit build, or
 * any sandbox offering that call: no browser, no page script, no person. It acts on the authorisationId
 * of the creation answer and reports where the bank sends the customer back (`redirect`, the provider's
 * redirect URI with `state`, spec "Authorisation hand-over" 2).
 */
import { maskHeaders, maskValue } from '../mask.js';
import type { ScaDriver, ScaRequest } from '../target.js';
import { controlRequest, type ControlTls } from '../targets/control-api.js';

export interface ControlDriverOptions {
  /** The control API's base (`…/sandbox`); a function when the address is known only later. */
  controlUrl: string | (() => string);
  token?: string | undefined;
  /** For an `https://` control API (a world's): the CA and the provider's certificate. */
  tls?: ControlTls | (() => ControlTls) | undefined;
}

/** The kit asked the control driver to act without the authorisationId: a defect of the scenario, not of the bank. */
export class MissingAuthorisationId extends Error {}

export function controlScaDriver(options: ControlDriverOptions): ScaDriver {
  const request = controlRequest(options.controlUrl, options.token, options.tls);
  return {
    name: 'control',
    async authorise(sca: ScaRequest) {
      if (!sca.authorisationId)
        throw new MissingAuthorisationId(
          'the control SCA driver acts on the authorisationId of the creation answer, and this step passed none (a defect of the kit, not of the bank)',
        );
      const path = `/authorisations/${encodeURIComponent(sca.authorisationId)}`;
      const body = { psuId: sca.psu.id, decision: sca.decision };
      const started = performance.now();
      const answer = await request('POST', path, body);
      sca.record({
        actor: 'customer (control API)',
        method: 'POST',
        url: `/sandbox${path}`,
        requestHeaders: maskHeaders({
          'content-type': 'application/json',
          ...(options.token ? { authorization: 'Bearer' } : {}),
        }),
        requestBody: body,
        status: answer.status,
        headers: {},
        body: maskValue(answer.json ?? answer.text),
        durationMs: Math.round(performance.now() - started),
      });
      if (answer.status !== 200)
        throw new Error(
          `the control API answered ${answer.status} to POST ${path} (the customer's ${sca.decision}): ${answer.text.slice(0, 200)}`,
        );
      const redirect = (answer.json as { redirect?: unknown } | undefined)?.redirect;
      return { location: typeof redirect === 'string' ? redirect : null };
    },
  };
}
