/**
 * Where a `callbackUrl` / `next` parameter may send a browser: resolved against
 * the site's origin, kept only when it stays on that origin, and returned as a
 * path (`/dashboard?x=1#y`). Null for anything else, in any encoding:
 * another origin, protocol-relative (`//evil`, `/\evil`), backslashes or
 * control characters (which browsers and URL parsers read differently), a
 * path that would itself start with `//`, or over 2048 characters.
 * Pure: used by the sign-in form in the browser and by next-auth's redirect callback.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw || raw.length > 2048) return null;
  let decoded = raw;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (/[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(decoded)) return null;
  let site: URL;
  let url: URL;
  try {
    site = new URL(origin);
    url = new URL(raw, site);
  } catch {
    return null;
  }
  if (url.origin !== site.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  // A path that a browser (or a later decode) would read as protocol-relative.
  if (url.pathname.startsWith('//') || decoded.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
