import { afterAll, describe, expect, it } from 'vitest';
import { addOptOuts } from '@/server/domain/opt-outs/add-opt-outs';
import { closePools, testClock, testDeps, testEnv } from '../helpers';
import { memberOf, readyMerchant, rejection, walletBalances } from './setup';

/** D19 in the dashboard's compose: the preview's question (which numbers are listed) and the send itself. */
const clock = testClock(new Date('2026-11-21T10:00:00.000Z'));
const deps = testDeps({ env: testEnv(), clock: clock.now });
afterAll(closePools);

const VODACOM = '+243810005555'; // 0.02
const ORANGE = '+243840005555'; // 0.019
const list = (organizationId: string, phones: string[]) => addOptOuts(deps.db, { organizationId, phones, source: 'dashboard', reason: null, actor: 'test' });

describe('compose and the opt-out list', () => {
  it("optOuts.check: the organization's listed numbers among those entered, read like `to`; any member; at most 1000", async () => {
    const m = await readyMerchant(deps);
    const other = await readyMerchant(deps);
    await list(m.organizationId, [ORANGE]);
    await list(other.organizationId, [VODACOM]);
    expect(await m.api.optOuts.check({ phones: [VODACOM, '0840005555', 'not a phone', '+243 84 000 5555'] })).toEqual({ opted_out: [ORANGE], unroutable: [] });
    expect(await other.api.optOuts.check({ phones: [VODACOM, ORANGE] })).toEqual({ opted_out: [VODACOM], unroutable: [] });
    const viewer = await memberOf(deps, m.organizationId, 'viewer');
    expect(await viewer.optOuts.check({ phones: [ORANGE] })).toEqual({ opted_out: [ORANGE], unroutable: [] });
    expect(await m.api.optOuts.check({ phones: [] })).toEqual({ opted_out: [], unroutable: [] });
    const tooMany = Array.from({ length: 1001 }, (_, i) => `+24381${String(i).padStart(7, '0')}`);
    expect((await rejection(m.api.optOuts.check({ phones: tooMany }))).code).toBe('BAD_REQUEST');
  });

  it('a compose send skips the listed number as POST /send does; all listed: 1130, nothing charged', async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    await list(m.organizationId, [ORANGE]);
    const res = await m.api.messages.compose({ app_id: m.appId, send: { to: [VODACOM, ORANGE], message: 'Hello' } });
    expect(res).toMatchObject({ total_recipients: 2, suppressed_recipients: 1, total_messages: 1, total_cost: 0.02 });
    const all = await rejection(m.api.messages.compose({ app_id: m.appId, send: { to: [ORANGE], message: 'Hello' } }));
    expect(all).toMatchObject({ code: 'BAD_REQUEST', message: 'Every recipient is on the opt-out list: nothing was sent or charged.' });
    expect(await walletBalances(deps, m.organizationId)).toEqual({ SVC_SMS: '0.9800' });
  });
});
