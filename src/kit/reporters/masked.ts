/**
 * Reports mask by default (reports end up in CI logs and artefacts, where secrets must not). Exchanges are
 * masked where they are recorded, but a driver or a scenario may hand over raw values — a failure's
 * `actual`, an observation — so every report masks the whole result once more before writing it.
 */
import type { RunSummary, ScenarioResult } from '../events.js';
import type { Exchange } from '../exchange.js';
import { maskHeaders, maskUrl, maskValue } from '../mask.js';

function maskExchange(exchange: Exchange): Exchange {
  return {
    ...exchange,
    url: maskUrl(exchange.url),
    requestHeaders: maskHeaders(exchange.requestHeaders),
    requestBody: maskValue(exchange.requestBody),
    headers: maskHeaders(exchange.headers),
    body: maskValue(exchange.body),
  };
}

export function maskResult(result: ScenarioResult): ScenarioResult {
  return {
    ...result,
    ...(result.failure ? { failure: maskValue(result.failure) as ScenarioResult['failure'] } : {}),
    observations: result.observations.map((observation) => ({
      point: observation.point,
      value: maskValue(observation.value),
    })),
    exchanges: result.exchanges.map(maskExchange),
  };
}

export function maskSummary(summary: RunSummary): RunSummary {
  return { ...summary, results: summary.results.map(maskResult) };
}
