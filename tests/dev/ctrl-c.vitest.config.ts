import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The suite's globalSetup (an embedded Postgres when DATABASE_URL is unset) around one test that waits: what
// embedded-postgres.int.test.ts interrupts with Ctrl-C.
const root = fileURLToPath(new URL('../..', import.meta.url));
export default defineConfig({
  root,
  resolve: { alias: { '@': root } },
  test: { include: ['tests/dev/ctrl-c.fixture.ts'], globalSetup: ['tests/global-setup.ts'], hookTimeout: 60_000, testTimeout: 120_000 },
});
