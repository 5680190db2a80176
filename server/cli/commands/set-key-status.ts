import { changeKeyStatus } from '@/server/domain/keys/change-key-status';
import { defineCommand } from '../command';
import * as check from '../validate';

/** The console's "Change key status" (changeKeyStatus), from the command line. */
export const setKeyStatusCommand = defineCommand({
  name: 'set-key-status',
  summary: "Change an app key's status (allowed, pending_validation, suspended, ...)",
  usage: '--app-id ID --status S',
  options: { 'app-id': { type: 'string' }, status: { type: 'string' } },
  async run(v, { db }) {
    const appId = check.required(v['app-id'], 'app-id');
    const status = check.keyStatus(check.required(v.status, 'status'), 'status');
    const app = await changeKeyStatus(db, { appId, status, actor: 'cli' });
    return { data: { app_id: app.id, key_status: app.status } };
  },
});
