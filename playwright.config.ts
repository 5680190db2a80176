import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3400);

/**
 * End-to-end journeys in Debian's chromium (never a downloaded browser) against
 * the built service on a fresh database (e2e/serve.ts). One worker: the
 * journeys share one server on a 2-core machine. Every page's screenshot is
 * saved under test-results/screens/.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'npx tsx e2e/serve.ts',
    url: `http://127.0.0.1:${PORT}/api/v1/svc/sms-api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM (not the default SIGKILL), so e2e/serve.ts stops the service and drops its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: { ...(process.env as Record<string, string>), E2E_PORT: String(PORT), NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next-e2e' },
  },
});
