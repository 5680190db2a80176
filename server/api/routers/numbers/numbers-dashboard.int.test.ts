import { afterAll, describe, expect, it } from 'vitest';
import { assignNumber } from '@/server/domain/numbers/assign-number';
import { closePools, testDeps } from '@/tests/helpers';
import { teamOf } from '@/tests/team-helpers';

/** D18 in the dashboard: every member sees the organization's numbers, and only those. */
const deps = testDeps();
const { db } = deps;
afterAll(closePools);

describe('numbers in the merchant dashboard', () => {
  it("every member sees the organization's numbers, never another's", async () => {
    const a = await teamOf(deps);
    const b = await teamOf(deps);
    const appA = (await a.owner.api.keys.create({ name: 'A' })).app;
    const appB = (await b.owner.api.keys.create({ name: 'B' })).app;
    const assign = (appId: string, number: string, keyword: string | null = null) => assignNumber(db, { appId, number, keyword, actor: 'test' });
    await assign(appA.id, '5700', 'INFO2');
    await assign(appA.id, '243870000001');
    await assign(appB.id, '5700');
    const expected = { items: [{ number: '243870000001', keyword: null, app_id: appA.id }, { number: '5700', keyword: 'INFO2', app_id: appA.id }] };
    for (const who of [a.owner, a.developer, a.viewer]) expect(await who.api.numbers.list()).toEqual(expected);
    expect(await b.viewer.api.numbers.list()).toEqual({ items: [{ number: '5700', keyword: null, app_id: appB.id }] });
  });
});
