import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { closePools, restClient, testClock, testDeps, testDb } from '../helpers';

const clock = testClock();
const deps = testDeps({ clock: clock.now });
const call = restClient(deps);
afterAll(closePools);

describe('GET /health (D12)', () => {
  it('200 ok with database ok and no worker yet (so nothing runs the simulator connector)', async () => {
    const res = await call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      version: '0.1.0',
      time: '2026-11-21T10:00:00.000Z',
      checks: { database: 'ok', worker: 'down', connectors: { status: 'degraded', unbound: ['simulator'] } },
    });
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });

  it('counts the simulator like any connector: bound while a live lease reports its session', async () => {
    await deps.db.execute(sql`
      insert into connector_leases (connector_id, owner, token, expires_at, sessions, bound_sessions)
      values ('con_simulator', 'w1', 'tok', now() + interval '1 minute', '[]', 1)`);
    expect((await call('GET', '/health')).body.checks.connectors).toEqual({ status: 'ok', unbound: [] });
    await deps.db.execute(sql`update connector_leases set expires_at = now() - interval '1 second' where connector_id = 'con_simulator'`);
    expect((await call('GET', '/health')).body.checks.connectors).toEqual({ status: 'degraded', unbound: ['simulator'] });
  });

  it('reports a fresh worker as ok and an old heartbeat as stale', async () => {
    await deps.db.execute(sql`insert into worker_heartbeats (worker_id, seen_at) values ('w1', ${'2026-11-21T09:59:45.000Z'}::timestamptz)`);
    expect((await call('GET', '/health')).body.checks.worker).toBe('ok');
    clock.advance(60_000);
    expect((await call('GET', '/health')).body.checks.worker).toBe('stale');
  });

  it('503 degraded when the database does not answer', async () => {
    const broken = testDeps({ db: testDb(), clock: clock.now });
    await broken.db.$client.end();
    const res = await restClient(broken)('GET', '/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'degraded', checks: { database: 'down', worker: 'unknown' } });
  });

  it('needs no key and is never rate limited', async () => {
    for (let i = 0; i < 5; i++) expect((await call('GET', '/health', { key: 'garbage' })).status).toBe(200);
  });
});

describe('routing', () => {
  it('404 envelope (1404) for an unknown path under the API prefix', async () => {
    const res = await call('GET', '/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      status_code: 404,
      error_code: '1404',
      message: 'No such endpoint. See GET /api/v1/svc/sms-api/openapi.json.',
      detail: 'No such endpoint. See GET /api/v1/svc/sms-api/openapi.json.',
    });
  });
  it('405 with Allow for a wrong method', async () => {
    const res = await call('POST', '/balance');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(res.body).toEqual({
      success: false,
      status_code: 405,
      error_code: '1405',
      message: 'This method is not allowed on this endpoint; the Allow header lists those that are.',
      detail: 'This method is not allowed on this endpoint; the Allow header lists those that are.',
    });
  });
});

describe('GET /openapi.json', () => {
  it('documents every endpoint with the real statuses and error bodies', async () => {
    const res = await call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.appKey).toEqual({ type: 'apiKey', in: 'header', name: 'app-key' });
    const balance = doc.paths['/balance'].get;
    expect(Object.keys(balance.responses).sort()).toEqual(['200', '400', '401', '403', '429', '500', '503']);
    expect(balance.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorDetail' });
    expect(balance.responses['429'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RateLimitError' });
    expect(balance.responses['429'].headers['Retry-After']).toBeDefined();
    const calc = doc.paths['/calculate'].post;
    expect(calc.requestBody.content['application/json'].schema).toBeDefined();
    expect(Object.keys(calc.responses).sort()).toEqual(['200', '400', '401', '403', '413', '429', '500', '503']);
    expect(calc.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorDetail' });
    expect(calc.responses['413'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(calc.requestBody.description).toMatch(/whatever the Content-Type says/);
    const send = doc.paths['/send'].post;
    expect(Object.keys(send.responses).sort()).toEqual(['201', '400', '401', '402', '403', '409', '413', '429', '500', '503']);
    expect(send.responses['400'].headers['RateLimit-Remaining']).toBeDefined();
    expect(send.responses['413'].description).toBe('1103 PAYLOAD_TOO_LARGE');
    // The 1500 envelope also has `detail`: anyOf, so a validator accepts it (oneOf would not).
    expect(send.responses['500'].content['application/json'].schema).toEqual({ anyOf: [{ $ref: '#/components/schemas/ErrorDetail' }, { $ref: '#/components/schemas/ErrorEnvelope' }] });
    expect(send.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key')).toMatchObject({ in: 'header', required: false });
    const body = send.requestBody.content['application/json'].schema;
    expect(body.properties.message).toMatchObject({ type: 'string', minLength: 1, maxLength: 1600 });
    expect(body.properties.sender_id).toMatchObject({ minLength: 1, maxLength: 15, pattern: '^(?:[^\\u0000-\\u001f\\u007f]{1,11}|[1-9][0-9]{11,14})$' });
    expect(body.properties.to).toMatchObject({ minItems: 1, maxItems: 1000, items: { type: 'string', pattern: expect.any(String) } });
    expect(body.properties.callback_url).toMatchObject({ format: 'uri', maxLength: 2048 });
    expect(body.properties.recurring_schedule.properties.interval).toMatchObject({ type: 'integer', minimum: 1 });
    expect(body.properties.scheduled_dates.items.properties.time.pattern).toBe('^(?:[01]\\d|2[0-3]):[0-5]\\d$');
    expect(body.required).toEqual(['to', 'message']);
    expect(Object.keys(doc.paths['/status/{message_id}'].get.responses).sort()).toEqual(['200', '401', '403', '404', '429', '500', '503']);
    expect(Object.keys(doc.paths['/cancel/{message_id}'].delete.responses).sort()).toEqual(['200', '401', '403', '404', '409', '429', '500', '503']);
    const health = doc.paths['/health'].get;
    expect(Object.keys(health.responses).sort()).toEqual(['200', '500', '503']);
    expect(health.security).toEqual([]);
    expect(doc.info.license).toMatchObject({ name: expect.any(String) });
    expect(doc['x-error-catalogue'].map((e: { code: string }) => e.code)).toEqual(
      ['1100', '1101', '1103', '1110', '1120', '1121', '1130', '1132', '1131', '1140', '1141', '1202', '1301', '1302', '1402', '1404', '1405', '1409', '1500', '1503'],
    );
  });

  it('has no component schema that nothing references', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas: undefined } });
    const schemas = Object.entries(doc.components.schemas as Record<string, unknown>);
    const unused = schemas.filter(([name]) => {
      const ref = `#/components/schemas/${name}`;
      return !text.includes(ref) && !schemas.some(([other, schema]) => other !== name && JSON.stringify(schema).includes(ref));
    });
    expect(unused.map(([name]) => name)).toEqual([]);
  });
});
