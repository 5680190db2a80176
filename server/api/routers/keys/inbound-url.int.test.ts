import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, gatewayApps } from '@/db/schema';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps, testEnv } from '@/tests/helpers';
import { fieldErrors, refused, teamOf } from '@/tests/team-helpers';

/** D18: the webhook form also sets the app's inbound URL, under the webhook URL's rules. */
const deps = testDeps();
const { db } = deps;
afterAll(closePools);

describe('inbound URL in the webhook settings (D18)', () => {
  it('set with the webhook form, kept when absent or unchanged, removed with an empty URL; audited when it changes', async () => {
    const t = await teamOf(deps);
    const { app } = await t.owner.api.keys.create({ name: 'In' });
    const form = { appId: app.id, url: 'https://h.example/sms', username: '', passwordAction: 'keep' as const };
    const set = await t.developer.api.keys.updateWebhook({ ...form, inboundUrl: 'https://h.example/inbound' });
    expect(set).toMatchObject({ webhook: { url: 'https://h.example/sms' }, inbound_url: 'https://h.example/inbound' });
    expect((await t.viewer.api.keys.list()).apps[0].inbound_url).toBe('https://h.example/inbound');
    expect(await t.developer.api.keys.updateWebhook({ ...form, url: 'https://h.example/v2' })).toMatchObject({ inbound_url: 'https://h.example/inbound' });
    expect(await t.developer.api.keys.updateWebhook({ ...form, inboundUrl: 'https://h.example/inbound' })).toMatchObject({ inbound_url: 'https://h.example/inbound' });
    expect(await t.developer.api.keys.updateWebhook({ ...form, url: '', inboundUrl: '  ' })).toMatchObject({ webhook: { url: null }, inbound_url: null });
    const [row] = await db.select().from(gatewayApps).where(eq(gatewayApps.id, app.id));
    expect(row).toMatchObject({ webhookUrl: null, inboundUrl: null });
    const audit = (await db.select().from(auditLog).where(eq(auditLog.targetId, app.id)).orderBy(asc(auditLog.id))).filter((r) => r.action.startsWith('inbound_url.'));
    expect(audit.map((r) => [r.actor, r.action, r.details])).toEqual([
      [`user:${t.developer.user.id}`, 'inbound_url.set', { url: 'https://h.example/inbound', previous_url: null }],
      [`user:${t.developer.user.id}`, 'inbound_url.clear', { url: null, previous_url: 'https://h.example/inbound' }],
    ]);
    await refused(t.viewer.api.keys.updateWebhook({ ...form, inboundUrl: 'https://h.example/x' }), 'FORBIDDEN');
  });

  it('the webhook URL rules: absolute http(s), no credentials, at most 2048; https only in live', async () => {
    const t = await teamOf(deps);
    const { app } = await t.owner.api.keys.create({ name: 'V' });
    const form = { appId: app.id, url: '', username: '', passwordAction: 'keep' as const };
    for (const bad of ['ftp://x.example/in', 'x.example/in', 'https://u:p@x.example/in', `https://x.example/${'a'.repeat(2031)}`]) {
      expect(await fieldErrors(t.owner.api.keys.updateWebhook({ ...form, inboundUrl: bad }))).toEqual(['BAD_REQUEST', ['inboundUrl']]);
    }
    const live = testDeps({ db, env: testEnv({ SMS_ENV: 'live', APP_SECRET: 'l'.repeat(40) }) });
    const liveOwner = await signedUpCaller(live);
    const liveApp = await liveOwner.api.keys.create({ name: 'L' });
    expect(await fieldErrors(liveOwner.api.keys.updateWebhook({ appId: liveApp.app.id, url: '', username: '', passwordAction: 'keep', inboundUrl: 'http://x.example/in' }))).toEqual([
      'BAD_REQUEST',
      [{ field: 'inboundUrl', message: 'The live environment delivers webhooks over https only.' }],
    ]);
    const [row] = await db.select().from(gatewayApps).where(eq(gatewayApps.id, liveApp.app.id));
    expect(row.inboundUrl).toBeNull();
  });
});
