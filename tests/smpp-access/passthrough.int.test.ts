import smpp from 'smpp';
import { afterAll, describe, expect, it } from 'vitest';
import { enableSmpp } from '@/server/domain/smpp-access/credentials';
import { smppAccessPort } from '@/server/domain/smpp-access/server-port';
import { startSmppListener } from '@/server/smpp/server/listener';
import { carrierHarness, waitFor } from '../carrier/harness';
import { startSmsc } from '../carrier/smsc';
import { closePools } from '../helpers';
import { drain } from '../pipeline/drain';
import { deliveryTasks } from '../pipeline/harness';

const h = carrierHarness();
const { tasks } = deliveryTasks(h.db, h.env);
afterAll(async () => {
  await h.stopManagers();
  await closePools();
});

describe('an ESME\'s concatenated parts reach the carrier with their UDH (D15 + D14)', () => {
  it('each part is one message billed as one segment, and the connector sends it with the same UDH, not split again', async () => {
    const s = await startSmsc();
    const listener = await startSmppListener({ backend: smppAccessPort({ db: h.db, secret: h.env.APP_SECRET, environment: h.env.SMS_ENV, listenerId: 'udh' }), port: 0, host: '127.0.0.1' });
    try {
      const c = await h.connector('udh', s.port);
      await h.route('2438109', [c.id]);
      const m = await h.merchant();
      const creds = (await h.db.transaction((tx) => enableSmpp(tx, h.env.APP_SECRET, m.appId, 'test')))!;
      const esme = await new Promise<smpp.Session>((resolve) => {
        const x = smpp.connect({ url: `smpp://127.0.0.1:${listener.port}` }, () => resolve(x));
      });
      await new Promise((r) => esme.bind_transmitter({ system_id: creds.system_id, password: creds.password }, r));
      const part = (n: number, text: string) =>
        new Promise<smpp.Pdu>((r) =>
          esme.submit_sm(
            { destination_addr: '+243810901234', esm_class: 0x40, data_coding: 0, short_message: Buffer.concat([Buffer.from([0x05, 0x00, 0x03, 0x7e, 0x02, n]), Buffer.from(text, 'latin1')]) },
            r,
          ),
        );
      const first = await part(1, 'A'.repeat(153));
      const second = await part(2, 'tail');
      expect([first.command_status, second.command_status]).toEqual([0, 0]);
      esme.destroy();
      await drain(h.db, tasks);
      h.manager();
      await waitFor(async () => s.submits.length, (n) => n === 2);
      const got = [...s.submits].sort((a, b) => a.short_message[5] - b.short_message[5]);
      expect(got.map((x) => [x.esm_class, x.data_coding, x.short_message.subarray(0, 6).toString('hex'), x.short_message.length])).toEqual([
        [0x40, 0, '0500037e0201', 6 + 153],
        [0x40, 0, '0500037e0202', 6 + 4],
      ]);
      expect(got[1].short_message.subarray(6).toString('latin1')).toBe('tail');
    } finally {
      await listener.close();
      await s.close();
    }
  });
});
