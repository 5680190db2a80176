import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

// Two projects: pure unit tests (no database) and integration tests that each
// get a clone of a migrated template database (see tests/global-setup.ts).
export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    // Three files at a time on two cores: many integration files spend most of their time waiting (on Postgres, on a
    // child process, on a timer such as a 30 s slow-client bound), and the default (cores - 1) ran them one by one.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'db/**/*.test.ts', 'components/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: ['node_modules/**', 'e2e/**'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/setup-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
