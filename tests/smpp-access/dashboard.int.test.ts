import smpp from 'smpp';
import { afterAll, describe, expect, it } from 'vitest';
import { smppAccessPort } from '@/server/domain/smpp-access/server-port';
import { startSmppListener } from '@/server/smpp/server/listener';
import { signedUpCaller } from '@/tests/dashboard-helpers';
import { closePools, testDeps, testEnv } from '@/tests/helpers';
import { refused, teamOf } from '@/tests/team-helpers';

const env = testEnv();
const deps = testDeps({ env });
afterAll(closePools);

describe('SMPP access from the dashboard (D15)', () => {
  it('a developer enables SMPP (credentials shown once, the list shows only the system_id), rotates; a viewer and another organization cannot', async () => {
    const team = await teamOf(deps);
    const created = await team.developer.api.keys.create({ name: 'Over SMPP' });
    const before = (await team.owner.api.keys.list()).apps.find((a) => a.id === created.app.id)!;
    expect(before.smpp).toEqual({ system_id: null, tps: 50 });

    await refused(team.viewer.api.keys.enableSmpp({ appId: created.app.id }), 'FORBIDDEN');
    const stranger = await signedUpCaller(deps);
    await refused(stranger.api.keys.enableSmpp({ appId: created.app.id }), 'NOT_FOUND');

    const creds = await team.developer.api.keys.enableSmpp({ appId: created.app.id });
    expect(creds.app_id).toBe(created.app.id);
    expect(creds.password).toHaveLength(8);
    const listed = await team.owner.api.keys.list();
    expect(listed.apps.find((a) => a.id === created.app.id)!.smpp).toEqual({ system_id: creds.system_id, tps: 50 });
    expect(JSON.stringify(listed)).not.toContain(creds.password);

    // the credentials bind (a sign-up's app is a sandbox app: the listener of a test environment)
    const l = await startSmppListener({ backend: smppAccessPort({ db: deps.db, secret: env.APP_SECRET, environment: env.SMS_ENV, listenerId: 'dash' }), port: 0, host: '127.0.0.1' });
    try {
      const bind = (password: string) =>
        new Promise<number>((resolve) => {
          const s = smpp.connect({ url: `smpp://127.0.0.1:${l.port}` }, () =>
            s.bind_transceiver({ system_id: creds.system_id, password }, (pdu) => {
              resolve(pdu.command_status);
              s.destroy();
            }),
          );
        });
      expect(await bind(creds.password)).toBe(0);
      const rotated = await team.owner.api.keys.enableSmpp({ appId: created.app.id });
      expect(rotated.system_id).toBe(creds.system_id);
      expect(await bind(creds.password)).toBe(0x0e);
      expect(await bind(rotated.password)).toBe(0);
    } finally {
      await l.close();
    }
  });
});
