/**
 * Where an event goes (D10): the send's callback_url when set, else the app's
 * webhook_url; nowhere when neither is set. The app's Basic credentials go only
 * to the origin of its webhook_url.
 */
export type Destination = { url: string; useBasicAuth: boolean };

export function destinationFor(route: { callbackUrl: string | null; webhookUrl: string | null; hasCredentials: boolean }): Destination | null {
  const url = route.callbackUrl || route.webhookUrl;
  if (!url) return null;
  const own = route.webhookUrl ? originOf(route.webhookUrl) : null;
  return { url, useBasicAuth: route.hasCredentials && own !== null && originOf(url) === own };
}

/**
 * Where an inbound_url event goes (D18): the app's inbound_url, never webhook_url (nowhere without an inbound_url).
 * The app's Basic credentials go only to the origin of its webhook_url (D10), so to inbound_url only when it shares it.
 */
export function inboundDestinationFor(route: { inboundUrl: string | null; webhookUrl: string | null; hasCredentials: boolean }): Destination | null {
  if (!route.inboundUrl) return null;
  return destinationFor({ callbackUrl: route.inboundUrl, webhookUrl: route.webhookUrl, hasCredentials: route.hasCredentials });
}

/** scheme://host[:port] with default ports dropped and the host lower-cased; null when not an absolute http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** A URL for display: any user:password part removed. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.username && !u.password) return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}
