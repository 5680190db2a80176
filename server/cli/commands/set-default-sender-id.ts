import { SetDefaultSenderIdInput } from '@/shared/contracts/sender-ids';
import { setDefaultSenderId } from '@/server/domain/sender-ids/default-sender';
import { CliError, defineCommand } from '../command';

/** D22's platform default sender ID: what live sends without sender_id go from. */
export const setDefaultSenderIdCommand = defineCommand({
  name: 'set-default-sender-id',
  summary: 'The platform default sender ID (D22): live sends without sender_id go from it; --clear: none',
  usage: '--sender-id TEXT | --clear',
  options: { 'sender-id': { type: 'string' }, clear: { type: 'boolean' } },
  async run(v, { db }) {
    if ((v['sender-id'] === undefined) === (v.clear !== true)) throw new CliError('give either --sender-id TEXT or --clear');
    const form = SetDefaultSenderIdInput.safeParse({ sender_id: v.clear ? null : v['sender-id'] });
    if (!form.success) throw new CliError(`--sender-id: ${form.error.issues.map((i) => i.message).join('; ')}`);
    return { data: await setDefaultSenderId(db, { senderId: form.data.sender_id, actor: 'cli', now: new Date() }) };
  },
});
