/**
 * The security headers of every answer: Next adds them to its pages and routes
 * (next.config.mjs headers()), the REST listener to the API's answers
 * (server/http/rest-listener.ts). One list, so both stay the same.
 * Next.js hydrates with inline scripts, so script-src keeps 'unsafe-inline';
 * 'unsafe-eval' only for dev's hot reload.
 */
export function securityHeaders(dev = process.env.NODE_ENV !== 'production') {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Content-Security-Policy', value: csp },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
  ];
}

/** The same headers as one object, for node:http's writeHead. */
export function securityHeaderRecord(dev) {
  return Object.fromEntries(securityHeaders(dev).map((h) => [h.key, h.value]));
}
