import { regenerateKey } from '@/server/domain/keys/regenerate-key';
import { defineCommand } from '../command';
import * as check from '../validate';

/** The dashboard's "Regenerate key" (regenerateKey) for any app, from the command line. */
export const rotateKeyCommand = defineCommand({
  name: 'rotate-key',
  summary: "Replace an app's API key; the old key stops working at once",
  usage: '--app-id ID',
  options: { 'app-id': { type: 'string' } },
  async run(v, { db, env }) {
    const appId = check.required(v['app-id'], 'app-id');
    const { api_key } = await regenerateKey(db, { organizationId: null, appId, environment: env.SMS_ENV, secret: env.APP_SECRET, actor: 'cli' });
    return { data: { app_id: appId, api_key }, note: 'The new API key is shown only this once: store it now.' };
  },
});
