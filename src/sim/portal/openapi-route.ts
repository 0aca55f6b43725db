/**
 * GET /openapi.json on the customer surface: the interface document with the running sandbox's
 * API URL as the first server (spec "Environments": the sandbox is listed first, so a generated
 * client defaults to it). Served here because the API port demands a client certificate.
 */
import type { RequestHandler } from 'express';
import { buildOpenApiDocument } from '../../contract/openapi.js';

export function openApiRoute(apiUrl: () => string): RequestHandler {
  let cached: { url: string; body: string } | undefined;
  return (_req, res) => {
    const url = apiUrl();
    if (cached?.url !== url)
      cached = { url, body: JSON.stringify(buildOpenApiDocument(url ? { sandboxUrl: url } : {}), null, 2) };
    res.type('json').send(cached.body);
  };
}
