import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, gatewayApps } from '@/db/schema';
import { decryptSecret } from '@/server/lib/crypto';
import { closePools, testDeps } from '@/tests/helpers';
import { refused, teamOf } from '@/tests/team-helpers';
import { startReceiver } from '@/tests/webhooks/receiver';

/**
 * Issue 10, point 6: Basic credentials follow the webhook's origin. Changing
 * the URL to another origin drops the stored password unless the same change
 * gives a new one; only owners set a password or keep one while changing the
 * webhook; no role can make the stored password go to a server of its choosing.
 * Before: a developer could point the webhook at their own server with
 * "keep" and receive the owner's password in the next Authorization header.
 */
const deps = testDeps();
const { db, env } = deps;
afterAll(closePools);

let merchant: Awaited<ReturnType<typeof startReceiver>>;
let attacker: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  merchant = await startReceiver();
  attacker = await startReceiver();
});
afterAll(async () => {
  await merchant.close();
  await attacker.close();
});

const basic = (user: string, pw: string) => `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`;
const stored = async (appId: string) => (await db.select().from(gatewayApps).where(eq(gatewayApps.id, appId)))[0];
const password = async (appId: string) => {
  const enc = (await stored(appId)).webhookPasswordEnc;
  return enc ? decryptSecret(env.APP_SECRET, enc) : null;
};

async function setup() {
  const team = await teamOf(deps);
  const { app } = await team.owner.api.keys.create({ name: 'Hooked' });
  await team.owner.api.keys.updateWebhook({ appId: app.id, url: `${merchant.url}/hooks/sms`, username: 'acme', passwordAction: 'replace', password: 'owner-s3cret' });
  expect(await password(app.id)).toBe('owner-s3cret');
  return { team, appId: app.id };
}

describe('webhook credentials follow the origin', () => {
  it('a developer pointing the webhook at another origin with "keep": the password is dropped and never sent there', async () => {
    const { team, appId } = await setup();
    const view = await team.developer.api.keys.updateWebhook({ appId, url: `${attacker.url}/steal`, username: 'acme', passwordAction: 'keep' });
    expect(view.webhook).toEqual({ url: `${attacker.url}/steal`, username: 'acme', password_set: false });
    expect(await stored(appId)).toMatchObject({ webhookUrl: `${attacker.url}/steal`, webhookPasswordEnc: null });
    await team.developer.api.keys.sendTestEvent({ appId });
    const hits = attacker.on('/steal');
    expect(hits).toHaveLength(1);
    expect(JSON.stringify(hits[0].headers)).not.toContain(Buffer.from('owner-s3cret').toString('base64').slice(0, 8));
    expect(hits[0].headers.authorization === undefined || hits[0].headers.authorization === basic('acme', '')).toBe(true);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, appId));
    expect(audit.filter((a) => a.action === 'webhook.set').at(-1)!.details).toMatchObject({ webhook_password: 'dropped (origin changed)', previous_url: `${merchant.url}/hooks/sms` });
  });

  it('an owner changing the origin with "keep" drops it too; with a new password the new one is stored and sent', async () => {
    const { team, appId } = await setup();
    const kept = await team.owner.api.keys.updateWebhook({ appId, url: `${attacker.url}/moved`, username: 'acme', passwordAction: 'keep' });
    expect(kept.webhook.password_set).toBe(false);
    expect(await password(appId)).toBeNull();
    await team.owner.api.keys.updateWebhook({ appId, url: `${attacker.url}/moved`, username: 'acme', passwordAction: 'replace', password: 'new-s3cret' });
    expect(await password(appId)).toBe('new-s3cret');
    await team.owner.api.keys.sendTestEvent({ appId });
    expect(attacker.on('/moved').at(-1)!.headers.authorization).toBe(basic('acme', 'new-s3cret'));
  });

  it('on the same origin an owner keeps the password across a path or username change', async () => {
    const { team, appId } = await setup();
    const view = await team.owner.api.keys.updateWebhook({ appId, url: `${merchant.url}/hooks/v2`, username: 'acme2', passwordAction: 'keep' });
    expect(view.webhook).toEqual({ url: `${merchant.url}/hooks/v2`, username: 'acme2', password_set: true });
    await team.owner.api.keys.sendTestEvent({ appId });
    expect(merchant.on('/hooks/v2').at(-1)!.headers.authorization).toBe(basic('acme2', 'owner-s3cret'));
  });

  it('a developer can neither set a password nor keep one while changing the webhook on the same origin', async () => {
    const { team, appId } = await setup();
    const before = await stored(appId);
    await refused(
      team.developer.api.keys.updateWebhook({ appId, url: `${attacker.url}/steal`, username: 'dev', passwordAction: 'replace', password: 'dev-password' }),
      'FORBIDDEN',
      /^Only owners can set webhook credentials\.$/,
    );
    await refused(
      team.developer.api.keys.updateWebhook({ appId, url: `${merchant.url}/other-path`, username: 'acme', passwordAction: 'keep' }),
      'FORBIDDEN',
      /^Only owners can keep webhook credentials while changing the webhook: ask an owner, or remove the stored password\.$/,
    );
    await refused(team.developer.api.keys.updateWebhook({ appId, url: `${merchant.url}/hooks/sms`, username: 'dev', passwordAction: 'keep' }), 'FORBIDDEN');
    expect(await stored(appId)).toEqual(before);
    // Saving the webhook unchanged keeps it; removing the password is allowed.
    expect((await team.developer.api.keys.updateWebhook({ appId, url: `${merchant.url}/hooks/sms`, username: 'acme', passwordAction: 'keep' })).webhook.password_set).toBe(true);
    const cleared = await team.developer.api.keys.updateWebhook({ appId, url: `${merchant.url}/other-path`, username: 'acme', passwordAction: 'clear' });
    expect(cleared.webhook).toEqual({ url: `${merchant.url}/other-path`, username: 'acme', password_set: false });
    expect(await password(appId)).toBeNull();
  });

  it('a viewer changes nothing', async () => {
    const { team, appId } = await setup();
    const before = await stored(appId);
    await refused(team.viewer.api.keys.updateWebhook({ appId, url: `${attacker.url}/steal`, username: 'acme', passwordAction: 'keep' }), 'FORBIDDEN');
    expect(await stored(appId)).toEqual(before);
  });
});
