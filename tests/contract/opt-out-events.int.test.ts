import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optOutsImportResponse } from '@/server/api/opt-outs-csv';
import { createApp } from '@/server/domain/keys/create-app';
import { firstSigningSecret } from '@/server/domain/keys/rotate-signing-secret';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { setInboundUrl } from '../carrier/inbound-helpers';
import { closePools, restClient, testDeps } from '../helpers';
import { readyMerchant } from '../messaging/setup';
import { startReceiver, type Receiver } from '../webhooks/receiver';

/**
 * D19: every change of the opt-out list made over REST or in the dashboard (by hand or by CSV import) sends
 * contact.opted_out / contact.opted_in to inbound_url (the calling app's for the API; every app's that has one for
 * the dashboard), with `number` null, in sms.received's envelope without `inbound_id`. Keyword changes are in
 * tests/messaging/opt-out-keywords.int.test.ts.
 */
const deps = testDeps();
const db = deps.db;
const call = restClient(deps);
let r: Receiver;
beforeAll(async () => {
  r = await startReceiver();
});
afterAll(async () => {
  await r.close();
  await closePools();
});

const A = '+243810005555';
const B = '+243840005555';

/** A merchant with three apps: `first` and `second` with an inbound_url each, `silent` without one. */
async function merchant() {
  const m = await readyMerchant(deps);
  const make = (name: string) => createApp(db, { organizationId: m.organizationId, name, environment: deps.env.SMS_ENV, secret: deps.env.APP_SECRET!, actor: 'test' });
  const second = await make('Second');
  const silent = await make('Silent');
  await setInboundUrl(db, m.appId, `${r.url}/in/${m.appId}`);
  await setInboundUrl(db, second.app.id, `${r.url}/in/${second.app.id}`);
  return { ...m, first: m.appId, second: second.app.id, secondKey: second.api_key, silent: silent.app.id };
}
type Merchant = Awaited<ReturnType<typeof merchant>>;

async function hits(appId: string) {
  await deliverDueWebhooks({ db, env: deps.env, now: () => new Date() });
  return r.on(`/in/${appId}`).map((h) => [h.json.event_type, h.json.data]);
}
const contactEvents = (m: Merchant) => db.execute<{ app_id: string }>(sql`select app_id from webhook_events where organization_id = ${m.organizationId} and event_type like 'contact.%'`);

describe('over REST: to the calling app', () => {
  it('POST /opt-outs: one contact.opted_out per phone added (not for those already listed), signed, in the envelope of sms.received without inbound_id', async () => {
    const m = await merchant();
    expect((await call('POST', '/opt-outs', { key: m.apiKey, body: { phones: [A] } })).status).toBe(200);
    const res = await call('POST', '/opt-outs', { key: m.apiKey, body: { phones: ['0810005555', B, B] } });
    expect(res.body.data).toEqual({ added: 1, already: 1 });
    await deliverDueWebhooks({ db, env: deps.env, now: () => new Date() });
    const got = r.on(`/in/${m.first}`).sort((x, y) => x.json.data.phone.localeCompare(y.json.data.phone));
    expect(got.map((h) => h.json.data)).toEqual([
      { phone: A, source: 'api', number: null },
      { phone: B, source: 'api', number: null },
    ]);
    const [hit] = got;
    expect(hit.body).toBe(JSON.stringify({ event_id: hit.json.event_id, event_type: 'contact.opted_out', timestamp: hit.json.timestamp, data: { phone: A, source: 'api', number: null } }));
    expect(hit.json.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(hit.headers['webhook-id']).toBe(hit.json.event_id);
    expect(new Webhook(firstSigningSecret(deps.env.APP_SECRET!, m.first)).verify(hit.body, hit.headers as Record<string, string>)).toEqual(hit.json);
    // the organization's other apps hear nothing of the API's change; webhook_url never gets contact events
    expect(await hits(m.second)).toEqual([]);
    expect((await contactEvents(m)).map((e) => e.app_id)).toEqual([m.first, m.first]);
  });

  it('DELETE /opt-outs/{phone}: contact.opted_in (source api) to the calling app; a 404 sends nothing', async () => {
    const m = await merchant();
    await call('POST', '/opt-outs', { key: m.secondKey, body: { phones: [A] } });
    expect((await call('DELETE', `/opt-outs/${encodeURIComponent(A)}`, { key: m.secondKey })).status).toBe(200);
    expect((await call('DELETE', `/opt-outs/${encodeURIComponent(A)}`, { key: m.secondKey })).status).toBe(404);
    expect(await hits(m.second)).toEqual([
      ['contact.opted_out', { phone: A, source: 'api', number: null }],
      ['contact.opted_in', { phone: A, source: 'api', number: null }],
    ]);
    expect(await hits(m.first)).toEqual([]);
  });

  it('a calling app without inbound_url: the list changes, no contact event is written', async () => {
    const m = await merchant();
    await setInboundUrl(db, m.first, null);
    expect((await call('POST', '/opt-outs', { key: m.apiKey, body: { phones: [A] } })).body.data).toEqual({ added: 1, already: 0 });
    expect(await contactEvents(m)).toEqual([]);
  });
});

describe('in the dashboard: to every app with an inbound_url', () => {
  it('add and remove by hand: source dashboard, to both apps that have an inbound_url, none for the app without', async () => {
    const m = await merchant();
    expect(await m.api.optOuts.add({ phones: [A] })).toEqual({ added: 1, already: 0 });
    await m.api.optOuts.remove({ phone: A });
    for (const app of [m.first, m.second]) {
      expect(await hits(app)).toEqual([
        ['contact.opted_out', { phone: A, source: 'dashboard', number: null }],
        ['contact.opted_in', { phone: A, source: 'dashboard', number: null }],
      ]);
    }
    expect((await contactEvents(m)).filter((e) => e.app_id === m.silent)).toEqual([]);
  });

  it('CSV import: one event per phone added, source import, to each app with an inbound_url', async () => {
    const m = await merchant();
    await m.api.optOuts.add({ phones: [A] });
    const csv = ['phone', A, B, '+243970005555'].join('\n');
    const res = await optOutsImportResponse(deps, m.user, new Request('http://localhost/dashboard/opt-outs/import', { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } }));
    expect(await res.json()).toMatchObject({ rows: 3, added: 2, already: 1 });
    for (const app of [m.first, m.second]) {
      const imported = (await hits(app)).filter(([, d]) => d.source === 'import');
      expect(imported.sort((x, y) => x[1].phone.localeCompare(y[1].phone))).toEqual([
        ['contact.opted_out', { phone: B, source: 'import', number: null }],
        ['contact.opted_out', { phone: '+243970005555', source: 'import', number: null }],
      ]);
    }
  });

  it('100,000 phones imported with one app listening: 100,000 events and deliveries, in time linear in the phones', async () => {
    const m = await merchant();
    await setInboundUrl(db, m.second, null);
    const csv = Array.from({ length: 100_000 }, (_, i) => `08${String(1_000_000 + i).padStart(8, '0')}`).join('\n');
    const started = performance.now();
    const res = await optOutsImportResponse(deps, m.user, new Request('http://localhost/dashboard/opt-outs/import', { method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } }));
    const took = performance.now() - started;
    console.info(`opt-out import of 100,000 phones with contact events: ${Math.round(took)} ms`);
    expect(await res.json()).toMatchObject({ rows: 100_000, added: 100_000, already: 0 });
    // A bound against work that grows faster than the phones (an array subscript per row made it quadratic), not the
    // figure: the import writes three rows per phone here (entry, event, delivery) against one without a listener;
    // docs/decisions.md D19 has the measurements.
    expect(took).toBeLessThan(40_000);
    const [counts] = await db.execute<{ events: number; deliveries: number; apps: number }>(sql`
      select (select count(*)::int from webhook_events where organization_id = ${m.organizationId} and event_type = 'contact.opted_out') as events,
             (select count(*)::int from webhook_deliveries where organization_id = ${m.organizationId} and state = 'pending' and url = ${`${r.url}/in/${m.first}`}) as deliveries,
             (select count(distinct app_id)::int from webhook_events where organization_id = ${m.organizationId}) as apps`);
    expect(counts).toEqual({ events: 100_000, deliveries: 100_000, apps: 1 });
  }, 60_000);
});
