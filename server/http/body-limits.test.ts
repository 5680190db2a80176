import { describe, expect, it } from 'vitest';
import { MAX_CALLBACK_URL, MAX_MESSAGE_CHARS, MAX_RECIPIENTS, MAX_SCHEDULED_DATES } from '@/shared/contracts/send';
import { toSendRequest } from '@/shared/messages/compose/send-request';
import { bodyRuleFor, DEFAULT_MAX_BODY_BYTES, isJsonContentType, TRPC_MAX_BODY_BYTES } from './body-limits';

describe('body limits', () => {
  it("fit the dashboard's largest compose, as its tRPC client sends it (batched), with room to spare", () => {
    // 1000 numbers typed with spaces, 1600 characters JSON escapes to 6 bytes each, the longest callback, 20 dates.
    const send = toSendRequest({
      entries: Array.from({ length: MAX_RECIPIENTS }, (_, i) => ({ value: `00243 81 ${String(i).padStart(3, '0')} 56 78`, line: i + 1, source: 'csv' as const })),
      message: '\u0001'.repeat(MAX_MESSAGE_CHARS),
      senderId: 'ACME-SHOP-1',
      callbackUrl: `https://example.com/${'h'.repeat(MAX_CALLBACK_URL - 20)}`,
      schedule: { kind: 'scheduled', dates: Array.from({ length: MAX_SCHEDULED_DATES }, (_, i) => ({ date: `2030-01-${String(i + 1).padStart(2, '0')}`, time: '09:30' })) },
    });
    const body = JSON.stringify({ 0: { app_id: `app_${'x'.repeat(26)}`, idempotency_key: 'k'.repeat(255), send } });
    const bytes = Buffer.byteLength(body);
    expect(bytes).toBeGreaterThan(30_000);
    expect(bytes).toBeLessThan(36_000);
    expect(bytes * 1.75).toBeLessThan(TRPC_MAX_BODY_BYTES);
  });

  it('the opt-out import: 4 MB, enough for 100,000 phones as typed, each with a short name', () => {
    expect(bodyRuleFor('/dashboard/opt-outs/import')).toEqual({ maxBytes: 4 * 1024 * 1024, json: 'by-type', answer: 'plain' });
    const csv = Array.from({ length: 100_000 }, (_, i) => `+243 81 ${String(i).padStart(7, '0')},Customer ${i}`).join('\r\n');
    expect(Buffer.byteLength(csv)).toBeLessThan(4 * 1024 * 1024);
    expect(bodyRuleFor('/dashboard/opt-outs/import/x').maxBytes).toBe(DEFAULT_MAX_BODY_BYTES);
  });

  it('per route: 64 KB of JSON for tRPC, 16 KB elsewhere', () => {
    expect(bodyRuleFor('/api/trpc/messages.compose')).toEqual({ maxBytes: 64 * 1024, json: 'always', answer: 'trpc' });
    expect(bodyRuleFor('/api/trpc')).toEqual({ maxBytes: 64 * 1024, json: 'always', answer: 'trpc' });
    for (const p of ['/api/trpcx', '/api/auth/callback/credentials', '/api/dashboard/organization', '/dashboard', '/']) {
      expect(bodyRuleFor(p)).toEqual({ maxBytes: DEFAULT_MAX_BODY_BYTES, json: 'by-type', answer: 'plain' });
    }
  });

  it('knows JSON content types', () => {
    expect(['application/json', 'Application/JSON; charset=utf-8', 'application/merge-patch+json'].map(isJsonContentType)).toEqual([true, true, true]);
    expect(['application/x-www-form-urlencoded', 'text/json', 'multipart/form-data; boundary=x', undefined].map(isJsonContentType)).toEqual([false, false, false, false]);
  });
});
