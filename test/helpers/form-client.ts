/** A cookie-keeping HTTP client for the customer surface's HTML forms (what a browser does, minus the browser). */
export interface FormAnswer {
  status: number;
  location: string | null;
  text: string;
}

export function formClient(base: string) {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/Max-Age=0/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const send = async (path: string, init: RequestInit = {}): Promise<FormAnswer> => {
    const res = await fetch(new URL(path, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(res);
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  };
  return {
    jar,
    get: (path: string) => send(path),
    post: (path: string, fields: Record<string, string>) =>
      send(path, {
        method: 'POST',
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
  };
}

/** The hidden and named fields of the first form on a page. */
export function formFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g))
    fields[match[1]!] = match[2]!;
  return fields;
}
