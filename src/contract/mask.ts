/**
 * Reports leak secrets unless told not to (reports end up in CI logs and artefacts): every recorded exchange
 * is masked by default — credentials headers, keys, `secret` fields, passwords, one-time codes and
 * any PEM block (certificates and keys alike).
 */
export const MASK = '***';

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const SECRET_FIELD =
  /^(secret|password|otp|csrf|key|private_?key|client_?secret|token|control_?token|access_?token|refresh_?token|api_?key)$/i;
const PEM_BLOCK = /-----BEGIN [A-Z0-9 ]+-----[\s\S]*?(-----END [A-Z0-9 ]+-----|$)/g;

export function maskText(text: string): string {
  return text.replace(PEM_BLOCK, '[PEM masked]');
}

export function maskHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const masked: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    masked[name] = SECRET_HEADERS.has(name.toLowerCase())
      ? MASK
      : Array.isArray(value)
        ? value.map(maskText)
        : maskText(value);
  }
  return masked;
}

export function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SECRET_FIELD.test(key) ? MASK : maskValue(inner)]),
    );
  }
  return value;
}

/** A body as recorded: parsed JSON is masked field by field; anything else as text. */
export function maskBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return maskValue(JSON.parse(text));
  } catch {
    return maskText(text);
  }
}
