import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, INBOUND_EVENT_TYPES, SENDER_ID_EVENT_TYPES, WALLET_EVENT_TYPES } from '@/db/schema';
import { getOpenApiDocument } from './openapi';

/**
 * Issue 13: the document passes Redocly's recommended rules with zero errors.
 * Warnings are pinned too, so a new one is a decision, not an accident.
 */
describe('openapi.json under Redocly recommended rules', () => {
  it('has no errors, and only the warnings we accept', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(getOpenApiDocument()), absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location?.[0]?.pointer ?? ''}`);
    expect(found.filter((f) => f.startsWith('error'))).toEqual([]);
    // GET /health has no 4xx answer at all (no key, no input, no limit).
    expect(found).toEqual(['warn operation-4xx-response #/paths/~1health/get/responses']);
  });
});

type Op = { parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema: { $ref?: string } }> } };
const doc = getOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, Op>>;
  webhooks?: Record<string, { post: Op }>;
  components: { schemas: Record<string, { properties?: Record<string, { const?: string }> }> };
};

/** Issue 44 item 2: the OpenAPI 3.1 `webhooks`, one per event type, and one path parameter name per thing. */
describe('openapi.json webhooks and path parameters', () => {
  it('has a webhooks entry for every event type the service emits, its body the exact event schema', () => {
    const all = [...EVENT_TYPES, ...INBOUND_EVENT_TYPES, ...SENDER_ID_EVENT_TYPES, ...WALLET_EVENT_TYPES].sort();
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual(all);
    for (const type of all) {
      const ref = doc.webhooks![type].post.requestBody!.content['application/json'].schema.$ref!;
      const schema = doc.components.schemas[ref.replace('#/components/schemas/', '')];
      expect(schema.properties?.event_type?.const, type).toBe(type);
      expect(doc.webhooks![type].post.parameters!.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
  });

  it('names a message id `message_id` in every path (the URLs merchants call are unchanged)', () => {
    const params = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.values(ops).flatMap((op) => (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => `${path} ${p.name}`)),
    );
    expect([...new Set(params)].sort()).toEqual([
      '/cancel/{message_id} message_id',
      '/messages/{message_id}/recipients message_id',
      '/opt-outs/{phone} phone',
      '/pause/{message_id} message_id',
      '/resume/{message_id} message_id',
      '/status/{message_id} message_id',
    ]);
  });
});

/** Issue 44 item 3: every answer to a JSON body may carry D12's UNKNOWN_FIELD warnings, and says so. */
describe('openapi.json warnings of JSON bodies', () => {
  type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; enum?: string[]; const?: string };
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!] as Schema) : s);
  it('declares `warnings` with UNKNOWN_FIELD in the success data of every operation that takes a body', () => {
    const withBody = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, Op & { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>)
        .filter(([, op]) => op.requestBody)
        .map(([method, op]) => {
          const [, ok] = Object.entries(op.responses).find(([status]) => status.startsWith('2'))!;
          const data = resolve(ok.content!['application/json'].schema.properties!.data);
          const code = resolve(resolve(data.properties?.warnings ?? {}).items ?? {}).properties?.code ?? {};
          return `${method} ${path} ${code.enum?.includes('UNKNOWN_FIELD') || code.const === 'UNKNOWN_FIELD'}`;
        }),
    );
    expect(withBody.length).toBeGreaterThanOrEqual(5);
    expect(withBody.filter((w) => !w.endsWith('true'))).toEqual([]);
  });
});
