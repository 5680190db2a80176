import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from './logger';

describe('logger: no secret reaches a log line', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps only the prefix and last four characters of anything shaped like an API key, drops credentials and query parameters', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((l: string) => void lines.push(l));
    const key = 'sk_live_Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4F';
    const err = new Error(`Failed query: select 1 where key_digest = $1\nparams: ${key},other`, { cause: new Error(`boom Basic ${Buffer.from('u:p4ss').toString('base64')}`) });
    logger.error('request failed', { path: `/status/${key}`, header: `Bearer ${key}`, error: err });
    const line = lines.join('\n');
    expect(line).not.toContain(key);
    expect(line).not.toContain('Ab3dEf6hIj9lMn2pQr5tUv8xYz1b');
    expect(line).not.toContain(Buffer.from('u:p4ss').toString('base64'));
    expect(line).toContain('sk_live_…Cd4F');
    expect(line).toContain('params: [redacted]');
  });
});
