import { decideSenderId } from '@/server/domain/sender-ids/review';
import { defineCommand } from '../command';
import { decisionOf } from '../sender-id-options';

export const rejectSenderIdCommand = defineCommand({
  name: 'reject-sender-id',
  summary: 'Reject a pending sender ID (D22), with the reason the merchant reads',
  usage: '--id ID --reason TEXT',
  options: { id: { type: 'string' }, reason: { type: 'string' } },
  async run(v, { db }) {
    return { data: await decideSenderId(db, { ...decisionOf('reject', v), actor: 'cli', now: new Date() }) };
  },
});
