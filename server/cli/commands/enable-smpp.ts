import { enableSmpp } from '@/server/domain/smpp-access/credentials';
import { CliError, defineCommand } from '../command';
import * as check from '../validate';

export const enableSmppCommand = defineCommand({
  name: 'enable-smpp',
  summary: 'Give an app SMPP credentials (D15): system_id and an 8-character password, shown once; again rotates the password',
  usage: '--app-id ID',
  options: { 'app-id': { type: 'string' } },
  async run(v, { db, env }) {
    const appId = check.required(v['app-id'], 'app-id');
    const creds = await db.transaction((tx) => enableSmpp(tx, env.APP_SECRET, appId, 'cli'));
    if (!creds) throw new CliError(`unknown app ${appId}`);
    return {
      data: { app_id: creds.app_id, system_id: creds.system_id, password: creds.password },
      note: 'The password is shown once. Binds: transmitter, receiver or transceiver on SMPP_PORT (default 2775), at most 4 sessions.',
    };
  },
});
