import { describe, expect, it } from 'vitest';
import { parseEnv, sandboxExposureWarning } from './env';

describe('sandbox exposure warning', () => {
  it('only for the sandbox running as a production build', () => {
    expect(sandboxExposureWarning({ SMS_ENV: 'test', NODE_ENV: 'production' })).toMatch(/^SMS_ENV=test \(sandbox\) with NODE_ENV=production: .*do not expose it to untrusted users/);
    expect(sandboxExposureWarning({ SMS_ENV: 'test', NODE_ENV: 'development' })).toBeNull();
    expect(sandboxExposureWarning({ SMS_ENV: 'live', NODE_ENV: 'production' })).toBeNull();
  });
});

describe('SUPERVISOR_BACKOFF_MS', () => {
  const base = { NODE_ENV: 'test' as const, APP_SECRET: 'x'.repeat(32) };
  it('defaults to 1 s and rejects what is not a duration in ms', () => {
    expect(parseEnv(base).SUPERVISOR_BACKOFF_MS).toBe(1000);
    expect(parseEnv({ ...base, SUPERVISOR_BACKOFF_MS: '200' }).SUPERVISOR_BACKOFF_MS).toBe(200);
    expect(() => parseEnv({ ...base, SUPERVISOR_BACKOFF_MS: '0' })).toThrow(/SUPERVISOR_BACKOFF_MS/);
  });
});
