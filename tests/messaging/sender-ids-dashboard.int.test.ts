import { afterAll, describe, expect, it } from 'vitest';
import { assignNumber } from '../carrier/inbound-helpers';
import { signedUpCaller } from '../dashboard-helpers';
import { closePools, testDeps } from '../helpers';
import { refused } from '../team-helpers';
import { memberOf, readyMerchant, rejection } from './setup';

/**
 * D22 in the dashboard and the console: who may do what (owners and developers request and withdraw, viewers read,
 * operators decide), another organization's sender IDs out of reach, the review queue's order, Compose's senders,
 * and Compose refused 1140 like POST /send.
 */
const deps = testDeps();
afterAll(closePools);
const REQUEST = { sender_id: 'ACME', purpose: 'Receipts', sample_message: 'Thanks for shopping at ACME' };

describe('Sender IDs page and review queue (D22)', () => {
  it('owners and developers request and withdraw, viewers only read; another organization sees nothing', async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    const dev = await memberOf(deps, m.organizationId, 'developer');
    const viewer = await memberOf(deps, m.organizationId, 'viewer');
    const mine = await dev.senderIds.request(REQUEST);
    expect(mine).toMatchObject({ sender_id: 'ACME', state: 'pending', reason: null });
    await refused(viewer.senderIds.request({ ...REQUEST, sender_id: 'OTHER' }), 'FORBIDDEN');
    await refused(viewer.senderIds.withdraw({ id: mine.id }), 'FORBIDDEN');
    expect((await viewer.senderIds.list()).items.map((s) => s.id)).toEqual([mine.id]);

    const stranger = await signedUpCaller(deps);
    expect((await stranger.api.senderIds.list()).items).toEqual([]);
    await refused(stranger.api.senderIds.withdraw({ id: mine.id }), 'NOT_FOUND');
    await refused(m.api.operator.listSenderIds({}), 'FORBIDDEN');
    await refused(m.api.operator.decideSenderId({ id: mine.id, decision: 'approve' }), 'FORBIDDEN');

    expect(await m.api.senderIds.withdraw({ id: mine.id })).toEqual({ withdrawn: true, id: mine.id });
    expect((await m.api.senderIds.list()).items).toEqual([]);
  });

  it('the queue lists pending first; a decided request cannot be withdrawn; Compose offers approved IDs and numbers', async () => {
    const m = await readyMerchant(deps, { prepaid: '1' });
    const op = await signedUpCaller(deps, { operator: true });
    const first = await m.api.senderIds.request(REQUEST);
    const second = await m.api.senderIds.request({ ...REQUEST, sender_id: 'ACME PAY' });
    await op.api.operator.decideSenderId({ id: first.id, decision: 'approve' });
    const queue = (await op.api.operator.listSenderIds({ organizationId: m.organizationId })).sender_ids;
    expect(queue.map((s) => [s.sender_id, s.state])).toEqual([
      ['ACME PAY', 'pending'],
      ['ACME', 'approved'],
    ]);
    expect(queue[1]).toMatchObject({ decided_by: `user:${op.user.id}`, requested_by: `user:${m.user.id}`, sample_message: REQUEST.sample_message });
    await refused(m.api.senderIds.withdraw({ id: first.id }), 'CONFLICT', /not in a state that allows this action/);
    const noReason = await rejection(op.api.operator.decideSenderId({ id: second.id, decision: 'reject', reason: ' ' } as never));
    expect(noReason.code).toBe('BAD_REQUEST');

    await assignNumber(deps.db, { appId: m.appId, organizationId: m.organizationId }, '78679');
    expect((await m.api.messages.composeOptions()).senders).toEqual({ approved: ['ACME'], numbers: ['78679'] });
  });

  it("Compose from another organization's short code is refused 1140, nothing charged", async () => {
    const a = await readyMerchant(deps, { prepaid: '1' });
    await assignNumber(deps.db, { appId: a.appId, organizationId: a.organizationId }, '55501');
    const b = await readyMerchant(deps, { prepaid: '1' });
    const err = await rejection(b.api.messages.compose({ app_id: b.appId, send: { to: ['+243812345678'], message: 'Hi', sender_id: '55501' } }));
    expect([err.code, err.message]).toEqual(['BAD_REQUEST', 'This sender_id is not allowed: use one of your approved sender IDs or one of your own numbers.']);
  });
});
