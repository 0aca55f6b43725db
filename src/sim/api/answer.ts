/**
 * What an operation answers: a status, a body written as JSON, and headers. The lifecycle's
 * writeAnswer stage writes it; the views of each resource (services/<resource>/view.ts) shape the
 * bodies, and these say which status and headers go with them.
 */
export interface Answer {
  status: number;
  /** Written as JSON; a 204 has none. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

export const ok = (body: unknown, headers?: Readonly<Record<string, string>>): Answer =>
  headers ? { status: 200, body, headers } : { status: 200, body };

/** 201 with the new resource's address in Location. */
export const created = (
  body: { _links: { self: { href: string } } },
  headers: Readonly<Record<string, string>> = {},
): Answer => ({
  status: 201,
  body,
  headers: { ...headers, Location: body._links.self.href },
});

export const noContent = (): Answer => ({ status: 204 });
