import { listReviewQueue } from '@/server/domain/sender-ids/review';
import { defineCommand } from '../command';
import { queueFilterOf } from '../sender-id-options';

/** The console's review queue (D22) from the command line: pending first. */
export const listSenderIdsCommand = defineCommand({
  name: 'list-sender-ids',
  summary: 'Sender ID requests of every organization (D22), pending first; --state narrows to one state',
  usage: '[--state pending|approved|rejected|revoked] [--organization-id ORG]',
  options: { state: { type: 'string' }, 'organization-id': { type: 'string' } },
  async run(v, { db }) {
    return { data: { sender_ids: await listReviewQueue(db, queueFilterOf(v)) } };
  },
});
