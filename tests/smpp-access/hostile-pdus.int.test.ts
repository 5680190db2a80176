import { connect, type Socket } from 'node:net';
import smpp from 'smpp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { enableSmpp } from '@/server/domain/smpp-access/credentials';
import { smppConnectionsRefused } from '@/server/metrics/registry';
import { smppAccessPort } from '@/server/domain/smpp-access/server-port';
import { startSmppListener, type SmppListener } from '@/server/smpp/server/listener';
import { closePools, makeMerchant, testDb, testEnv } from '../helpers';

/**
 * Every command id an ESME can send, bound and unbound, with no body, a body of zeros and a body of junk, on raw
 * sockets: each gets the answer SMPP allows (its own _resp, or generic_nack 0x03) or a closed session, and the
 * listener serves a good ESME afterwards. Frames shorter than a PDU header close the session; connections are capped
 * per address and in all at accept; a session that does not bind is closed.
 */
const db = testDb();
const env = testEnv();
const listeners: SmppListener[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});
afterAll(closePools);

type Limits = { maxConnections: number; maxPerAddress: number };
async function listener(opts: { limits?: Limits; bindTimeoutMs?: number; heartbeatMs?: number } = {}) {
  const l = await startSmppListener({ backend: smppAccessPort({ db, secret: env.APP_SECRET, environment: env.SMS_ENV, listenerId: `hostile-${listeners.length}` }), port: 0, host: '127.0.0.1', ...opts });
  listeners.push(l);
  return l;
}

async function credentials() {
  const m = await makeMerchant(db, env, { prepaid: '1' });
  return (await db.transaction((tx) => enableSmpp(tx, env.APP_SECRET, m.appId, 'test')))!;
}

type Frame = { id: number; status: number; seq: number; length: number };

/** A raw connection that splits what it reads into frames and knows when it closed. */
class Raw {
  frames: Frame[] = [];
  closed = false;
  private buf = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  constructor(readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      while (this.buf.length >= 16 && this.buf.length >= this.buf.readUInt32BE(0)) {
        const length = this.buf.readUInt32BE(0);
        this.frames.push({ length, id: this.buf.readUInt32BE(4), status: this.buf.readUInt32BE(8), seq: this.buf.readUInt32BE(12) });
        this.buf = this.buf.subarray(length);
      }
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => {});
  }
  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }
  static async open(port: number, localAddress = '127.0.0.1'): Promise<Raw> {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    sockets.push(socket);
    const raw = new Raw(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('error', reject);
    });
    return raw;
  }
  write(b: Buffer) {
    this.socket.write(b);
  }
  /** The frame answering `seq`, 'closed', or 'silent' when neither comes within `ms`. */
  async answer(seq: number, ms = 400): Promise<Frame | 'closed' | 'silent'> {
    const until = Date.now() + ms;
    for (;;) {
      const f = this.frames.find((x) => x.seq === seq);
      if (f) return f;
      if (this.closed) return 'closed';
      const left = until - Date.now();
      if (left <= 0) return 'silent';
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }
}

function frame(id: number, seq: number, body: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(16 + body.length, 0);
  head.writeUInt32BE(id >>> 0, 4);
  head.writeUInt32BE(0, 8);
  head.writeUInt32BE(seq, 12);
  return Buffer.concat([head, body]);
}

let seq = 1000;
async function bindRaw(raw: Raw, creds: { system_id: string; password: string }): Promise<Frame | 'closed' | 'silent'> {
  const s = ++seq;
  const bind = new smpp.PDU('bind_transceiver', { system_id: creds.system_id, password: creds.password, sequence_number: s }) as unknown as { toBuffer(): Buffer };
  raw.write(bind.toBuffer());
  return raw.answer(s, 5000);
}

/** Alive and in step: an enquire_link is answered, with nothing else in between. */
async function alive(raw: Raw) {
  const before = raw.frames.length;
  const s = ++seq;
  raw.write(frame(0x15, s));
  expect(await raw.answer(s, 5000)).toMatchObject({ id: 0x80000015, status: 0 });
  expect(raw.frames.length).toBe(before + 1);
}

// SMPP 3.4 (section 5.1.2.1) and 5.0 (section 4.7.5) command ids: requests, responses, and ids both reserve.
const REQUESTS: Record<string, number> = {
  bind_receiver: 0x01, bind_transmitter: 0x02, query_sm: 0x03, submit_sm: 0x04, deliver_sm: 0x05, unbind: 0x06,
  replace_sm: 0x07, cancel_sm: 0x08, bind_transceiver: 0x09, outbind: 0x0b, enquire_link: 0x15, submit_multi: 0x21,
  alert_notification: 0x102, data_sm: 0x103, broadcast_sm: 0x111, query_broadcast_sm: 0x112, cancel_broadcast_sm: 0x113,
};
const RESPONSES = [0x80000000, 0x80000001, 0x80000002, 0x80000003, 0x80000004, 0x80000005, 0x80000006, 0x80000007, 0x80000008, 0x80000009, 0x80000015, 0x80000021, 0x80000103, 0x80000111, 0x80000112, 0x80000113];
const RESERVED = [0x00, 0x0a, 0x0c, 0x0d, 0x14, 0x16, 0x20, 0x22, 0xff, 0x100, 0x101, 0x104, 0x110, 0x114, 0x1ff, 0x200, 0x10200, 0x102ff, 0x8000000a, 0x8000000b, 0x80000102, 0x80000114, 0x800001ff, 0xffffffff];
/** Responses to what the listener itself sends ESMEs: taken without an answer. */
const TAKEN = new Set([0x80000000, 0x80000005, 0x80000006, 0x80000015]);

type Expect = { answer: number; status: number; then?: 'open' | 'closed' } | 'silent';

/** What the listener owes each id: exact, from SMPP and D15. `null` body variants that the library may refuse to parse may also close. */
function expected(id: number, bound: boolean): Expect {
  if (id === REQUESTS.enquire_link) return { answer: 0x80000015, status: 0, then: 'open' };
  if (id === REQUESTS.unbind) return { answer: 0x80000006, status: 0, then: 'closed' };
  if ([REQUESTS.bind_receiver, REQUESTS.bind_transmitter, REQUESTS.bind_transceiver].includes(id)) {
    // unbound: no such credentials (0x0E, closed); bound already: 0x05 ESME_RALYBND
    return bound ? { answer: (id | 0x80000000) >>> 0, status: 0x05, then: 'open' } : { answer: (id | 0x80000000) >>> 0, status: 0x0e, then: 'closed' };
  }
  if (Object.values(REQUESTS).includes(id) && id !== REQUESTS.outbind && id !== REQUESTS.alert_notification) {
    if (!bound) return { answer: (id | 0x80000000) >>> 0, status: 0x04, then: 'open' };
    const status = id === REQUESTS.submit_sm || id === REQUESTS.submit_multi ? 0x01 : id === REQUESTS.query_sm ? 0x67 : id === REQUESTS.cancel_sm ? 0x11 : 0x03;
    return { answer: (id | 0x80000000) >>> 0, status, then: 'open' };
  }
  if (TAKEN.has(id)) return 'silent';
  return { answer: 0x80000000, status: 0x03, then: 'open' }; // outbind, alert_notification, other responses, reserved ids
}

const BODIES: Array<[string, Buffer]> = [
  ['no body', Buffer.alloc(0)],
  ['a body of zeros', Buffer.alloc(40)],
  ['a body of junk', Buffer.alloc(40, 0xff)],
];

describe('every SMPP command id, bound and unbound (issue: one PDU must not take the listener down)', () => {
  it('each gets its _resp, generic_nack 0x03, silence for answers to our own PDUs, or a closed session; a good ESME binds after', async () => {
    const l = await listener();
    const ids = [...Object.values(REQUESTS), ...RESPONSES, ...RESERVED];
    let boundRaw: Raw | null = null;
    const failures: string[] = [];
    for (const isBound of [false, true]) {
      for (const id of ids) {
        for (const [what, body] of BODIES) {
          let raw: Raw;
          if (isBound) {
            if (!boundRaw || boundRaw.closed) {
              boundRaw = await Raw.open(l.port);
              expect(await bindRaw(boundRaw, await credentials())).toMatchObject({ id: 0x80000009, status: 0 });
            }
            raw = boundRaw;
          } else {
            raw = await Raw.open(l.port);
          }
          const s = ++seq;
          raw.write(frame(id, s, body));
          const want = expected(id, isBound);
          // an answer is awaited as long as a loaded machine may need; silence is judged after 300 ms (then alive() checks nothing came)
          const got = await raw.answer(s, want === 'silent' ? 300 : 10_000);
          const label = `0x${id.toString(16)} ${isBound ? 'bound' : 'unbound'} with ${what}`;
          // The library refuses bodies it cannot read by closing the session: allowed for the junk body only.
          if (got === 'closed' && what === 'a body of junk') continue;
          if (want === 'silent') {
            if (got !== 'silent') failures.push(`${label}: expected no answer, got ${JSON.stringify(got)}`);
            else await alive(raw);
            continue;
          }
          if (got === 'closed' || got === 'silent') {
            failures.push(`${label}: expected 0x${want.answer.toString(16)}/${want.status}, got ${got}`);
            continue;
          }
          if (got.id !== want.answer || got.status !== want.status) {
            failures.push(`${label}: expected 0x${want.answer.toString(16)}/0x${want.status.toString(16)}, got 0x${got.id.toString(16)}/0x${got.status.toString(16)}`);
            continue;
          }
          if (want.then === 'open') await alive(raw);
          else await raw.answer(-1, 3000).then((r) => r === 'closed' || failures.push(`${label}: expected the session closed`));
          if (!isBound) raw.socket.destroy();
        }
      }
    }
    expect(failures).toEqual([]);
    // The listener is still there, and a good ESME binds and is served.
    const good = await Raw.open(l.port);
    expect(await bindRaw(good, await credentials())).toMatchObject({ id: 0x80000009, status: 0 });
    await alive(good);
  }, 120_000);

  it('the two PDUs that took the listener down (outbind, alert_notification: 24 octets, no response PDU) get generic_nack 0x03', async () => {
    const l = await listener();
    for (const id of [0x0b, 0x102]) {
      const raw = await Raw.open(l.port);
      raw.write(frame(id, 7, Buffer.alloc(8)));
      expect(await raw.answer(7)).toEqual({ id: 0x80000000, status: 0x03, seq: 7, length: 16 });
      await alive(raw);
    }
  });

  it('a frame whose command_length is below 16 closes the session, however it arrives; above 16 KB too', async () => {
    const l = await listener();
    for (const length of [0, 1, 3, 4, 8, 12, 15, 16_385, 0xffffffff]) {
      const raw = await Raw.open(l.port);
      const b = Buffer.alloc(16);
      b.writeUInt32BE(length, 0);
      b.writeUInt32BE(0x15, 4);
      b.writeUInt32BE(9, 12);
      raw.write(b);
      expect([length, await raw.answer(9, 2000)]).toEqual([length, 'closed']);
    }
    const ok = await Raw.open(l.port);
    await alive(ok);
  });

  it('a PDU cut short (a header announcing more than comes) is held until the bind timer closes the session', async () => {
    const l = await listener({ bindTimeoutMs: 300, heartbeatMs: 100 });
    const raw = await Raw.open(l.port);
    const b = frame(0x15, 5, Buffer.alloc(10)).subarray(0, 20);
    raw.write(b);
    expect(await raw.answer(5, 3000)).toBe('closed');
  });
});

describe('connections are capped at accept', () => {
  it('per client address and in all; refusals counted in /metrics; a closed connection frees its place', async () => {
    const l = await listener({ limits: { maxConnections: 5, maxPerAddress: 3 } });
    const refused = async (reason: string) => (await smppConnectionsRefused.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
    const perAddressBefore = await refused('per_address');
    const totalBefore = await refused('total');
    const a = [await Raw.open(l.port), await Raw.open(l.port), await Raw.open(l.port)];
    for (const r of a) await alive(r);
    const fourth = await Raw.open(l.port);
    expect(await fourth.answer(1, 2000)).toBe('closed');
    expect(await refused('per_address')).toBe(perAddressBefore + 1);
    const b = [await Raw.open(l.port, '127.0.0.2'), await Raw.open(l.port, '127.0.0.2')];
    for (const r of b) await alive(r);
    const sixth = await Raw.open(l.port, '127.0.0.3');
    expect(await sixth.answer(1, 2000)).toBe('closed');
    expect(await refused('total')).toBe(totalBefore + 1);
    a[0].socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const again = await Raw.open(l.port);
    await alive(again);
    expect(l.sessions()).toBe(5);
  });

  it('a session that does not bind within the bind timer is closed; a bound one stays', async () => {
    const l = await listener({ bindTimeoutMs: 400, heartbeatMs: 100 });
    const idle = await Raw.open(l.port);
    const bound = await Raw.open(l.port);
    expect(await bindRaw(bound, await credentials())).toMatchObject({ status: 0 });
    expect(await idle.answer(1, 3000)).toBe('closed');
    await alive(bound);
  });
});
