import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog, connectorLeases, connectors, routes } from '@/db/schema';
import { decryptSecret } from '@/server/lib/crypto';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, makeMerchant, testDeps } from '@/tests/helpers';
import { refused } from '@/tests/team-helpers';

const deps = testDeps();
const { db, env } = deps;
afterAll(closePools);

const audits = (targetId: string) => db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id));
const smpp = { name: 'con-a', host: '127.0.0.1', port: 2775, systemId: 'gw', password: 'secret1' };
const issues = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: string; cause?: { issues?: { path: (string | number)[]; message: string }[] } }) => [e.code, e.cause?.issues?.map((i) => [i.path.join('.'), i.message])],
  );

describe('connectors in the operator console (D14)', () => {
  it('create: defaults, the password encrypted and never answered or audited; duplicate names conflict', async () => {
    const op = await signedUpCaller(deps, { operator: true });
    const { connector } = await op.api.operator.createConnector(smpp);
    expect(connector).toEqual({
      id: expect.stringMatching(/^con_/), name: 'con-a', kind: 'smpp', enabled: true, host: '127.0.0.1', port: 2775, tls: false,
      system_id: 'gw', password_set: true, system_type: '', bind_mode: 'transceiver', sessions: 1, window: 10, tps: 100,
      source_ton: 5, source_npi: 0, dest_ton: 1, dest_npi: 1, gsm_coding: 0, long_method: 'udh', receipt_id_format: 'exact', validity_s: 172800, enquire_link_s: 30,
      owner: null, session_states: [], unmatched_receipts: 0,
    });
    const [row] = await db.select().from(connectors).where(eq(connectors.id, connector.id));
    expect(decryptSecret(env.APP_SECRET, row.passwordEnc!)).toBe('secret1');
    const [audit] = await audits(connector.id);
    expect(audit).toMatchObject({ actor: `user:${op.user.id}`, action: 'connector.create', targetType: 'connector' });
    expect(audit.details).toEqual({ name: 'con-a', kind: 'smpp', host: '127.0.0.1', port: 2775, systemId: 'gw', password: 'set' });
    expect(JSON.stringify(await op.api.operator.listConnectors())).not.toContain('secret1');
    await refused(op.api.operator.createConnector({ name: 'con-a', kind: 'simulator' }), 'CONFLICT', /^a connector named con-a already exists$/);
    expect(await audits(connector.id)).toHaveLength(1);
  });

  it('edit keeps the password when none is given, replaces it when given; disable and enable; audited', async () => {
    const op = await signedUpCaller(deps, { operator: true });
    const before = (await db.select().from(connectors).where(eq(connectors.name, 'con-a')))[0];
    const { connector } = await op.api.operator.updateConnector({ name: 'con-a', bindMode: 'split', sessions: 2, window: 20, tps: 50, gsmCoding: 3, longMethod: 'sar', receiptIdFormat: 'hex-to-dec', systemType: 'cmt' });
    expect(connector).toMatchObject({ bind_mode: 'split', sessions: 2, window: 20, tps: 50, gsm_coding: 3, long_method: 'sar', receipt_id_format: 'hex-to-dec', system_type: 'cmt', password_set: true, enabled: true });
    const [kept] = await db.select().from(connectors).where(eq(connectors.name, 'con-a'));
    expect(kept.passwordEnc).toBe(before.passwordEnc);
    const replaced = await op.api.operator.updateConnector({ name: 'con-a', password: 'newpw' });
    expect(JSON.stringify(replaced)).not.toContain('newpw');
    const [row] = await db.select().from(connectors).where(eq(connectors.name, 'con-a'));
    expect(decryptSecret(env.APP_SECRET, row.passwordEnc!)).toBe('newpw');
    expect((await op.api.operator.updateConnector({ name: 'con-a', enabled: false })).connector.enabled).toBe(false);
    expect((await op.api.operator.updateConnector({ name: 'con-a', enabled: true })).connector.enabled).toBe(true);
    const trail = (await audits(row.id)).filter((a) => a.actor === `user:${op.user.id}`).map((a) => [a.action, a.details]);
    expect(trail).toEqual([
      ['connector.update', { name: 'con-a', changed: { bindMode: 'split', sessions: 2, window: 20, tps: 50, gsmCoding: 3, longMethod: 'sar', receiptIdFormat: 'hex-to-dec', systemType: 'cmt' } }],
      ['connector.update', { name: 'con-a', changed: { password: 'set' } }],
      ['connector.update', { name: 'con-a', changed: { enabled: false } }],
      ['connector.update', { name: 'con-a', changed: { enabled: true } }],
    ]);
    expect(JSON.stringify(await db.select().from(auditLog))).not.toMatch(/secret1|newpw/);
    await refused(op.api.operator.updateConnector({ name: 'ghost', tps: 5 }), 'NOT_FOUND', /^unknown connector ghost$/);
  });

  it('lists the live state of each session from a current lease, none from an expired one', async () => {
    const op = await signedUpCaller(deps, { operator: true });
    await op.api.operator.createConnector({ name: 'con-sim', kind: 'simulator' });
    const [c] = await db.select().from(connectors).where(eq(connectors.name, 'con-sim'));
    const states = [{ state: 'bound' as const, since: '2026-11-23T10:00:00.000Z' }, { state: 'backoff' as const, since: '2026-11-23T10:00:01.000Z', error: 'bind refused' }];
    await db.insert(connectorLeases).values({ connectorId: c.id, owner: 'worker-1', token: 't1', expiresAt: new Date(Date.now() + 60_000), sessions: states, boundSessions: 1 });
    const live = (await op.api.operator.listConnectors()).connectors.find((x) => x.name === 'con-sim')!;
    expect(live).toMatchObject({ kind: 'simulator', password_set: false, owner: 'worker-1', session_states: states });
    await db.update(connectorLeases).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(connectorLeases.connectorId, c.id));
    expect((await op.api.operator.listConnectors()).connectors.find((x) => x.name === 'con-sim')).toMatchObject({ owner: null, session_states: [] });
  });

  it('set and delete routes (platform and organization), in failover order; audited', async () => {
    const op = await signedUpCaller(deps, { operator: true });
    const m = await makeMerchant(db, env, { prepaid: '1' });
    const platform = await op.api.operator.setRoute({ prefix: '+24399', connectors: ['con-sim', 'con-a'] });
    expect(platform).toEqual({ route_id: expect.stringMatching(/^rte_/), prefix: '24399', organization_id: null, connectors: ['con-sim', 'con-a'] });
    const org = await op.api.operator.setRoute({ prefix: '24399', organizationId: m.organizationId, connectors: ['con-a'] });
    const again = await op.api.operator.setRoute({ prefix: '24399', connectors: ['con-a'] });
    expect(again.route_id).toBe(platform.route_id);
    const listed = (await op.api.operator.listConnectors()).routes.filter((r) => r.prefix === '24399');
    expect(listed).toEqual([
      { id: platform.route_id, prefix: '24399', organization_id: null, organization_name: null, connectors: ['con-a'] },
      { id: org.route_id, prefix: '24399', organization_id: m.organizationId, organization_name: expect.any(String), connectors: ['con-a'] },
    ]);
    expect(await op.api.operator.deleteRoute({ prefix: '24399', organizationId: m.organizationId })).toEqual({
      route_id: org.route_id, prefix: '24399', organization_id: m.organizationId, deleted: true,
    });
    expect((await db.select().from(routes).where(eq(routes.prefix, '24399'))).map((r) => r.id)).toEqual([platform.route_id]);
    expect((await audits(platform.route_id)).map((a) => [a.actor, a.action, a.details])).toEqual([
      [`user:${op.user.id}`, 'route.set', { prefix: '24399', connectors: ['con-sim', 'con-a'] }],
      [`user:${op.user.id}`, 'route.set', { prefix: '24399', connectors: ['con-a'] }],
    ]);
    expect((await audits(org.route_id)).map((a) => a.action)).toEqual(['route.set', 'route.delete']);
    await refused(op.api.operator.setRoute({ prefix: '24399', connectors: ['con-a', 'ghost'] }), 'NOT_FOUND', /^unknown connector ghost$/);
    await refused(op.api.operator.setRoute({ prefix: '24399', organizationId: 'org_nope', connectors: ['con-a'] }), 'NOT_FOUND', /^unknown organization org_nope$/);
    await refused(op.api.operator.deleteRoute({ prefix: '999' }), 'NOT_FOUND', /^no route for prefix 999$/);
  });

  it('validation errors name the field with the same texts the form shows; nothing written', async () => {
    const op = await signedUpCaller(deps, { operator: true });
    const count = async () => (await db.select().from(connectors)).length;
    const before = await count();
    expect(await issues(op.api.operator.createConnector({ name: 'x1', host: 'h', port: 1, systemId: 's' }))).toEqual(['BAD_REQUEST', [['password', 'Password: required for an SMPP connector.']]]);
    expect(await issues(op.api.operator.createConnector({ name: 'X 1', kind: 'simulator' }))).toEqual(['BAD_REQUEST', [['name', 'Name: lowercase letters, digits, - and _, at most 40.']]]);
    expect(await issues(op.api.operator.createConnector({ name: 'x2', kind: 'simulator', window: 0, password: '123456789' }))).toEqual([
      'BAD_REQUEST',
      [['password', 'Password: at most 8 characters.'], ['window', 'Window: a whole number from 1 to 1000.']],
    ]);
    expect(await issues(op.api.operator.createConnector({ name: 'x3', kind: 'simulator', gsmCoding: 8 as 0 }))).toEqual(['BAD_REQUEST', [['gsmCoding', 'GSM data coding: 0 or 3.']]]);
    expect(await issues(op.api.operator.updateConnector({ name: 'con-a' }))).toEqual(['BAD_REQUEST', [['', 'Change at least one setting.']]]);
    expect(await issues(op.api.operator.setRoute({ prefix: '24a', connectors: ['con-a', 'con-a'] }))).toEqual([
      'BAD_REQUEST',
      [['prefix', 'Prefix: 1 to 15 digits of an E.164 number.'], ['connectors', 'Connectors: a connector is listed twice.']],
    ]);
    expect(await count()).toBe(before);
  });

  it('merchants (even owners) are refused', async () => {
    const merchant = await signedUpCaller(deps);
    await refused(merchant.api.operator.listConnectors(), 'FORBIDDEN', /Operators only/);
    await refused(merchant.api.operator.createConnector({ name: 'm1', kind: 'simulator' }), 'FORBIDDEN');
    await refused(merchant.api.operator.updateConnector({ name: 'con-a', enabled: false }), 'FORBIDDEN');
    await refused(merchant.api.operator.setRoute({ prefix: '1', connectors: ['con-a'] }), 'FORBIDDEN');
    await refused(merchant.api.operator.deleteRoute({ prefix: '1' }), 'FORBIDDEN');
    expect((await db.select().from(connectors).where(eq(connectors.name, 'con-a')))[0].enabled).toBe(true);
  });
});
