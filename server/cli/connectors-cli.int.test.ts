import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog, connectors, routes } from '@/db/schema';
import { decryptSecret } from '@/server/lib/crypto';
import { closePools, makeMerchant, testDb, testEnv } from '@/tests/helpers';
import { cliHarness } from '@/tests/cli-harness';

const db = testDb();
const env = testEnv();
afterAll(closePools);
const { cli, ok } = cliHarness(db, env);

const audits = (targetId: string) => db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id));

describe('connector and route commands (D14)', () => {
  it('add-connector: defaults, encrypted password, audited without the secret', async () => {
    const r = await ok('add-connector', '--name', 'mno-a', '--kind', 'smpp', '--host', '127.0.0.1', '--port', '2775', '--system-id', 'gw', '--password', 'secret1');
    expect(r).toEqual({ connector_id: expect.stringMatching(/^con_/), name: 'mno-a' });
    const [row] = await db.select().from(connectors).where(eq(connectors.id, r.connector_id));
    expect(row).toMatchObject({
      name: 'mno-a', kind: 'smpp', enabled: true, host: '127.0.0.1', port: 2775, tls: false, systemId: 'gw', systemType: '', bindMode: 'transceiver',
      sessions: 1, window: 10, tps: 100, sourceTon: 5, sourceNpi: 0, destTon: 1, destNpi: 1, gsmCoding: 0, longMethod: 'udh', receiptIdFormat: 'exact', validityS: 172800, enquireLinkS: 30,
    });
    expect(row.passwordEnc).not.toContain('secret1');
    expect(decryptSecret(env.APP_SECRET, row.passwordEnc!)).toBe('secret1');
    const a = await audits(r.connector_id);
    expect(a.map((x) => [x.actor, x.action, x.targetType])).toEqual([['cli', 'connector.create', 'connector']]);
    expect(a[0].details).toMatchObject({ name: 'mno-a', password: 'set', host: '127.0.0.1' });
    expect(JSON.stringify(a)).not.toContain('secret1');
  });

  it('add-connector with every option, then update-connector', async () => {
    const r = await ok(
      'add-connector', '--name', 'mno-b', '--kind', 'smpp', '--host', 'smsc.example', '--port', '3550', '--system-id', 'gw2', '--password', 'pw2',
      '--system-type', 'VMA', '--tls', 'on', '--bind', 'split', '--sessions', '2', '--window', '50', '--tps', '200', '--source-ton', '1', '--source-npi', '1',
      '--dest-ton', '0', '--dest-npi', '0', '--gsm-coding', '3', '--long', 'sar', '--receipt-ids', 'hex-to-dec', '--validity', '3600',
    );
    const [row] = await db.select().from(connectors).where(eq(connectors.id, r.connector_id));
    expect(row).toMatchObject({ tls: true, systemType: 'VMA', bindMode: 'split', sessions: 2, window: 50, tps: 200, sourceTon: 1, sourceNpi: 1, destTon: 0, destNpi: 0, gsmCoding: 3, longMethod: 'sar', receiptIdFormat: 'hex-to-dec', validityS: 3600 });
    expect(await ok('update-connector', '--name', 'mno-b', '--enabled', 'off', '--window', '20', '--password', 'pw3', '--receipt-ids', 'dec-to-hex')).toEqual({ connector_id: r.connector_id, name: 'mno-b', enabled: false });
    const [after] = await db.select().from(connectors).where(eq(connectors.id, r.connector_id));
    expect(after).toMatchObject({ enabled: false, window: 20, tps: 200, receiptIdFormat: 'dec-to-hex' });
    expect(decryptSecret(env.APP_SECRET, after.passwordEnc!)).toBe('pw3');
    expect((await audits(r.connector_id)).map((a) => [a.action, a.details])).toEqual([
      ['connector.create', expect.any(Object)],
      ['connector.update', { name: 'mno-b', changed: { enabled: false, window: 20, receiptIdFormat: 'dec-to-hex', password: 'set' } }],
    ]);
  });

  it('set-route, list-connectors, delete-route', async () => {
    const m = await makeMerchant(db, env, { prepaid: '1' });
    const platform = await ok('set-route', '--prefix', '24381', '--connectors', 'mno-a,mno-b');
    expect(platform).toEqual({ route_id: expect.stringMatching(/^rte_/), prefix: '24381', organization_id: null, connectors: ['mno-a', 'mno-b'] });
    const again = await ok('set-route', '--prefix', '+24381', '--connectors', 'mno-b');
    expect(again.route_id).toBe(platform.route_id);
    await ok('set-route', '--prefix', '24381', '--connectors', 'mno-a', '--organization-id', m.organizationId);
    const list = await ok('list-connectors');
    expect(list).toEqual({
      connectors: [
        { name: 'mno-a', kind: 'smpp', enabled: true, host: '127.0.0.1', port: 2775, owner: null, sessions: [] },
        { name: 'mno-b', kind: 'smpp', enabled: false, host: 'smsc.example', port: 3550, owner: null, sessions: [] },
        { name: 'simulator', kind: 'simulator', enabled: true, host: '', port: 2775, owner: null, sessions: [] },
      ],
      routes: [
        { prefix: '24381', organization_id: null, connectors: ['mno-b'] },
        { prefix: '24381', organization_id: m.organizationId, connectors: ['mno-a'] },
      ],
    });
    const text = await cli(['list-connectors']);
    expect(text.out).toBe(
      'connectors  \n    name=mno-a kind=smpp enabled=true host=127.0.0.1 port=2775 owner=null sessions=[]' +
        '\n    name=mno-b kind=smpp enabled=false host=smsc.example port=3550 owner=null sessions=[]' +
        '\n    name=simulator kind=simulator enabled=true host= port=2775 owner=null sessions=[]\n' +
        `routes      \n    prefix=24381 organization_id=null connectors=[mno-b]\n    prefix=24381 organization_id=${m.organizationId} connectors=[mno-a]\n`,
    );
    expect(await ok('delete-route', '--prefix', '24381', '--organization-id', m.organizationId)).toEqual({
      route_id: expect.stringMatching(/^rte_/), prefix: '24381', organization_id: m.organizationId, deleted: true,
    });
    expect(await db.select().from(routes)).toHaveLength(1);
    expect((await audits(platform.route_id)).map((a) => a.action)).toEqual(['route.set', 'route.set']);
  });

  it.each([
    ['smpp without password', ['add-connector', '--name', 'x1', '--host', 'h', '--port', '1', '--system-id', 's'], 'error: missing --password (an SMPP connector needs it)\n'],
    ['duplicate name', ['add-connector', '--name', 'mno-a', '--kind', 'simulator'], 'error: a connector named mno-a already exists\n'],
    ['bad bind', ['add-connector', '--name', 'x2', '--kind', 'simulator', '--bind', 'both'], 'error: bad --bind "both": expected one of transceiver, split\n'],
    ['bad gsm coding', ['add-connector', '--name', 'x3', '--kind', 'simulator', '--gsm-coding', '8'], 'error: bad --gsm-coding "8": expected one of 0, 3\n'],
    ['bad receipt ids', ['add-connector', '--name', 'x6', '--kind', 'simulator', '--receipt-ids', 'hex'], 'error: bad --receipt-ids "hex": expected one of exact, hex-to-dec, dec-to-hex\n'],
    ['window 0', ['add-connector', '--name', 'x4', '--kind', 'simulator', '--window', '0'], 'error: bad --window "0": expected an integer from 1 to 1000\n'],
    ['password over 8', ['add-connector', '--name', 'x5', '--kind', 'simulator', '--password', '123456789'], 'error: bad --password: at most 8 characters\n'],
    ['update unknown', ['update-connector', '--name', 'nope', '--tps', '5'], 'error: unknown connector nope\n'],
    ['update nothing', ['update-connector', '--name', 'mno-a'], 'error: give at least one option to change\n'],
    ['route unknown connector', ['set-route', '--prefix', '243', '--connectors', 'mno-a,ghost'], 'error: unknown connector ghost\n'],
    ['route bad prefix', ['set-route', '--prefix', '24a', '--connectors', 'mno-a'], 'error: bad --prefix "24a": expected 1 to 15 digits of an E.164 number\n'],
    ['route unknown org', ['set-route', '--prefix', '243', '--connectors', 'mno-a', '--organization-id', 'org_nope'], 'error: unknown organization org_nope\n'],
    ['delete missing route', ['delete-route', '--prefix', '999'], 'error: no route for prefix 999\n'],
  ])('%s: exit 2, one line, nothing written', async (_name, argv, message) => {
    const before = JSON.stringify([await db.select().from(connectors).orderBy(asc(connectors.id)), await db.select().from(routes), await db.select().from(auditLog)]);
    const r = await cli([...argv, '--json']);
    expect(r).toEqual({ code: 2, out: '', err: message });
    expect(JSON.stringify([await db.select().from(connectors).orderBy(asc(connectors.id)), await db.select().from(routes), await db.select().from(auditLog)])).toBe(before);
  });
});
