import { decideSenderId } from '@/server/domain/sender-ids/review';
import { defineCommand } from '../command';
import { decisionOf } from '../sender-id-options';

export const approveSenderIdCommand = defineCommand({
  name: 'approve-sender-id',
  summary: 'Approve a pending sender ID (D22): live sends may use it from now on',
  usage: '--id ID',
  options: { id: { type: 'string' } },
  async run(v, { db }) {
    return { data: await decideSenderId(db, { ...decisionOf('approve', v), actor: 'cli', now: new Date() }) };
  },
});
