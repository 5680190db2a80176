import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '@/db/schema';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps } from '@/tests/helpers';
import { fieldErrors, refused, teamOf } from '@/tests/team-helpers';

/** D18 in the operator console: list, assign and release numbers, with the CLI's rules and audit; operators only. */
const deps = testDeps();
const { db } = deps;
afterAll(closePools);

describe('numbers in the operator console', () => {
  it('assign, list (every merchant or one), release; audited with the operator as actor', async () => {
    const op = await signedUpCaller(deps, { operator: true });
    const a = await teamOf(deps);
    const b = await teamOf(deps);
    const appA = (await a.owner.api.keys.create({ name: 'A shop' })).app;
    const appB = (await b.owner.api.keys.create({ name: 'B promo' })).app;

    const assigned = await op.api.operator.assignNumber({ appId: appA.id, number: ' 5500 ', keyword: ' Shop ' });
    expect(assigned).toEqual({
      number_id: expect.stringMatching(/^num_/), number: '5500', keyword: 'Shop', app_id: appA.id, organization_id: a.organizationId,
      app_name: 'A shop', organization_name: expect.any(String), created_at: expect.any(String),
    });
    const catchAll = await op.api.operator.assignNumber({ appId: appB.id, number: '5500', keyword: '' });
    expect(catchAll).toMatchObject({ number: '5500', keyword: null, app_id: appB.id });

    const mine = await op.api.operator.listNumbers({ organizationId: a.organizationId });
    expect(mine.numbers.map((n) => [n.number, n.keyword, n.app_id])).toEqual([['5500', 'Shop', appA.id]]);
    const every = await op.api.operator.listNumbers({});
    expect(every.numbers.filter((n) => n.number === '5500').map((n) => n.keyword)).toEqual([null, 'Shop']);

    await refused(op.api.operator.assignNumber({ appId: appB.id, number: '5500', keyword: 'SHÖP' }), 'CONFLICT', /^short code 5500 keyword SHÖP is already assigned to app app_\w+ \(A shop, .+\) \(as Shop\): release it first$/);
    expect(await fieldErrors(op.api.operator.assignNumber({ appId: appB.id, number: '243812345678', keyword: 'SHOP' }))).toEqual([
      'BAD_REQUEST',
      [{ field: 'keyword', message: 'only a short code (3-7 digits) takes a keyword: a dedicated number receives every message sent to it' }],
    ]);
    expect(await fieldErrors(op.api.operator.assignNumber({ appId: appB.id, number: '12' }))).toEqual(['BAD_REQUEST', [{ field: 'number', message: expect.stringContaining('3-7 digits') }]]);
    expect(await fieldErrors(op.api.operator.assignNumber({ appId: 'not-an-app', number: '5501' }))).toEqual(['BAD_REQUEST', ['appId']]);
    await refused(op.api.operator.assignNumber({ appId: 'app_nope', number: '5501' }), 'NOT_FOUND', /^unknown app app_nope$/);

    expect(await op.api.operator.releaseNumber({ number: '5500', keyword: 'shop' })).toEqual({ released: true, number: '5500', keyword: 'Shop' });
    await refused(op.api.operator.releaseNumber({ number: '5500', keyword: 'shop' }), 'NOT_FOUND', /^short code 5500 keyword shop is not assigned$/);
    expect(await op.api.operator.releaseNumber({ number: '5500' })).toEqual({ released: true, number: '5500', keyword: null });

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'number'), like(auditLog.action, 'number.%')))
      .orderBy(asc(auditLog.id));
    expect(audit.filter((r) => r.actor === `user:${op.user.id}`).map((r) => [r.action, r.organizationId, r.details])).toEqual([
      ['number.assign', a.organizationId, { number: '5500', keyword: 'Shop', app_id: appA.id }],
      ['number.assign', b.organizationId, { number: '5500', keyword: null, app_id: appB.id }],
      ['number.release', a.organizationId, { number: '5500', keyword: 'Shop', app_id: appA.id }],
      ['number.release', b.organizationId, { number: '5500', keyword: null, app_id: appB.id }],
    ]);
  });

  it('merchants cannot call the operator procedures', async () => {
    const m = await teamOf(deps);
    const app = (await m.owner.api.keys.create({ name: 'X' })).app;
    await refused(m.owner.api.operator.listNumbers({}), 'FORBIDDEN');
    await refused(m.owner.api.operator.assignNumber({ appId: app.id, number: '5600' }), 'FORBIDDEN');
    await refused(m.owner.api.operator.releaseNumber({ number: '5600' }), 'FORBIDDEN');
  });
});
