import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/server/domain/rate-limits/auth-throttle';
import { normalizeForwardedFor } from './forwarded-for';

function req(remoteAddress: string | undefined, xff?: string): IncomingMessage {
  const rawHeaders = ['Host', 'x', ...(xff === undefined ? [] : ['X-Forwarded-For', xff])];
  return { socket: { remoteAddress }, headers: { host: 'x', ...(xff === undefined ? {} : { 'x-forwarded-for': xff }) }, rawHeaders } as unknown as IncomingMessage;
}
const address = (r: IncomingMessage) => clientAddress({ get: (n) => (r.headers[n] as string | undefined) ?? null });

describe('normalizeForwardedFor', () => {
  it('TRUST_PROXY=off: the socket address, whatever the client sent', () => {
    for (const sent of [undefined, '', '198.51.100.7', '198.51.100.7, 203.0.113.9']) {
      const r = req('::ffff:127.0.0.1', sent);
      normalizeForwardedFor(r, false);
      expect(r.headers['x-forwarded-for']).toBe('::ffff:127.0.0.1');
      expect(r.rawHeaders).toEqual(['Host', 'x', 'X-Forwarded-For', '::ffff:127.0.0.1']);
      expect(address(r)).toBe('127.0.0.1');
    }
  });

  it('TRUST_PROXY=on: the header the proxy wrote (its last hop), else the socket address', () => {
    const r = req('10.0.0.2', '198.51.100.7, 203.0.113.9');
    normalizeForwardedFor(r, true);
    expect(r.headers['x-forwarded-for']).toBe('198.51.100.7, 203.0.113.9');
    expect(address(r)).toBe('203.0.113.9');
    const direct = req('10.0.0.3');
    normalizeForwardedFor(direct, true);
    expect(address(direct)).toBe('10.0.0.3');
  });

  it('no socket address: no header (not throttled by address)', () => {
    const r = req(undefined, '198.51.100.7');
    normalizeForwardedFor(r, false);
    expect(r.headers['x-forwarded-for']).toBeUndefined();
    expect(address(r)).toBeNull();
  });
});
