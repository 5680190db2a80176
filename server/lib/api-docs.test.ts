import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { getOpenApiDocument } from '@/server/api/rest/openapi';
import { Balance } from '@/shared/contracts/balance';
import { CALCULATE_TEXTS, CalculateRequest, CalculateResult } from '@/shared/contracts/calculate';
import { ListApiMessagesInput, ListApiRecipientsInput, MessagesPage, RecipientDelivery } from '@/shared/contracts/reconcile';
import { InboundItem, InboundPage, ListInboundInput, SimulateInboundRequest, SimulateInboundResult } from '@/shared/contracts/inbound';
import { NumberItem, NumbersList } from '@/shared/contracts/numbers';
import { AddOptOutsRequest, AddOptOutsResult, ListOptOutsInput, OptOut, OptOutsPage } from '@/shared/contracts/opt-outs';
import { ControlResult, MessageStatus, RecurringScheduleInput, ScheduledDateInput, SendRequest, SendResult } from '@/shared/contracts/send';
import { DEFAULT_LIMITS } from '@/server/domain/rate-limits/take-slot';
import { ERRORS } from '@/shared/errors/codes';
import { renderMarkdown } from './markdown';

/**
 * docs/api.md is written by hand; these checks make it fail loudly when the
 * API moves and the reference does not: every endpoint, error code and text,
 * rate limit and contract field the code has must be in it.
 */
const doc = readFileSync(path.join(process.cwd(), 'docs', 'api.md'), 'utf8');
const lines = doc.split('\n');
const headings = renderMarkdown(doc).headings.map((h) => h.text);
const openapi = getOpenApiDocument();

const operations = Object.entries(openapi.paths ?? {}).flatMap(([p, item]) =>
  Object.entries(item as Record<string, { responses?: Record<string, { description?: string }> }>).map(([method, op]) => ({
    method: method.toUpperCase(),
    path: p,
    op,
  })),
);

describe('docs/api.md covers the OpenAPI document', () => {
  test('the document has operations', () => expect(operations.length).toBeGreaterThan(5));

  test.each(operations.map((o) => [`${o.method} ${o.path}`]))('a section for %s', (title) => {
    expect(headings).toContain(title);
  });

  test('no section for an endpoint the API does not have', () => {
    const documented = headings.filter((h) => /^(GET|POST|PUT|PATCH|DELETE) \//.test(h));
    const real = new Set([...operations.map((o) => `${o.method} ${o.path}`), 'GET /openapi.json']);
    expect(documented.filter((h) => !real.has(h))).toEqual([]);
  });

  test.each(operations.map((o) => [o.path]))('%s is in the endpoint table', (p) => {
    expect(lines.some((l) => l.startsWith('|') && l.includes(`| \`${p}\` |`))).toBe(true);
  });

  test('every {detail} text an endpoint can answer is quoted', () => {
    const texts = new Set<string>();
    for (const { op } of operations) {
      for (const r of Object.values(op.responses ?? {})) for (const m of (r.description ?? '').matchAll(/`([^`]+)`/g)) texts.add(m[1]);
    }
    expect(texts.size).toBeGreaterThan(5);
    expect([...texts].filter((t) => !doc.includes(t))).toEqual([]);
  });
});

describe('docs/api.md covers the error catalogue', () => {
  const envelope = Object.entries(ERRORS).flatMap(([name, e]) => (e.shape === 'envelope' ? [{ name, ...e }] : []));

  test.each(envelope.map((e) => [e.code, e]))('%s: its row with name, HTTP status and exact message', (_, e) => {
    expect(lines).toContain(`| ${e.code} | ${e.name} | ${e.http} | \`${e.message}\` |`);
  });

  test('every code number of the catalogue appears', () => {
    const codes = [...readFileSync(path.join(process.cwd(), 'shared', 'errors', 'codes.ts'), 'utf8').matchAll(/code: '(\d{4})'/g)].map((m) => m[1]);
    expect(codes.length).toBe(envelope.length);
    expect(codes.filter((c) => !doc.includes(c))).toEqual([]);
  });

  test('the authentication and lookup texts appear exactly', () => {
    const rest = ['AUTH_MISSING_KEY', 'AUTH_EMPTY_KEY', 'AUTH_INVALID_KEY', 'KEY_PENDING_VALIDATION', 'KEY_SUSPENDED', 'KEY_REVOKED', 'KEY_LOCKED', 'KEY_EXPIRED', 'KEY_REJECTED', 'AUTH_UNAVAILABLE', 'MESSAGE_NOT_FOUND', 'WALLET_NOT_FOUND', 'INVALID_INPUT', 'NO_PRICING'] as const;
    const missing = rest.map((n) => ERRORS[n]).flatMap((e) => (e.shape === 'detail' && !doc.includes(e.detail) ? [e.detail] : []));
    expect(missing).toEqual([]);
  });

  test('the calculator texts appear exactly', () => {
    expect(Object.values(CALCULATE_TEXTS).filter((t) => !doc.includes(t))).toEqual([]);
  });
});

describe('docs/api.md covers rate limits and fields', () => {
  test.each(Object.entries(DEFAULT_LIMITS))('bucket %s: %i requests per 60 s', (bucket, n) => {
    expect(lines.some((l) => l.startsWith(`| ${bucket} |`) && l.endsWith(`| ${n} |`))).toBe(true);
  });

  const contracts: Record<string, z.ZodObject> = {
    SendRequest,
    ScheduledDateInput,
    RecurringScheduleInput,
    SendResult,
    MessageStatus,
    ControlResult,
    Balance,
    CalculateRequest: CalculateRequest as unknown as z.ZodObject,
    CalculateResult,
    ListApiMessagesInput,
    ListApiRecipientsInput,
    MessagesPage,
    RecipientDelivery,
    ListOptOutsInput,
    OptOut,
    OptOutsPage,
    AddOptOutsRequest,
    AddOptOutsResult,
    ListInboundInput,
    InboundItem,
    InboundPage,
    SimulateInboundRequest,
    SimulateInboundResult,
    NumberItem,
    NumbersList,
  };
  test.each(Object.entries(contracts))('every field of %s is named', (_, schema) => {
    const fields = Object.keys(schema.shape);
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((f) => !doc.includes(`\`${f}\``))).toEqual([]);
  });
});
