import { decideSenderId } from '@/server/domain/sender-ids/review';
import { defineCommand } from '../command';
import { decisionOf } from '../sender-id-options';

export const revokeSenderIdCommand = defineCommand({
  name: 'revoke-sender-id',
  summary: 'Revoke an approved sender ID (D22), with the reason: later dispatches from it fail, refunded',
  usage: '--id ID --reason TEXT',
  options: { id: { type: 'string' }, reason: { type: 'string' } },
  async run(v, { db }) {
    return { data: await decideSenderId(db, { ...decisionOf('revoke', v), actor: 'cli', now: new Date() }) };
  },
});
