import type smpp from 'smpp';
import { logger } from '@/server/lib/logger';
import type { Owed, OwedQueue } from './port';

/** A bound receiver or transceiver session that can take deliver_sm, with its unanswered ones. */
export type Taker = {
  session: smpp.Session;
  /** deliver_sm sent and not yet answered: each resolves `false` when called (the session ended first). */
  pending: Set<() => void>;
};

/**
 * One queue of PDUs owed to merchants' sessions (receipts, MO): claimed per app, pushed on one of the app's takers,
 * settled together. `push` resolves once the item's PDUs were answered, refused, timed out or lost with the session.
 */
export type PushQueue<T extends { id: number; appId: string }, R> = {
  /** For the logs: `receipts`, `MO`. */
  what: string;
  claim(appIds: string[]): Promise<T[]>;
  push(taker: Taker, item: T): Promise<R>;
  settle(results: Array<{ item: T; result: R }>): Promise<void>;
};

export type PushLoop = { wake(): void; stop(): Promise<void> };

/**
 * Runs a queue until stopped: claims what is owed to the apps that have takers now, gives each app's items to its
 * takers in turn, settles the batch, and claims again at once; with nothing claimed it sleeps `pollMs` (1 s while the
 * database fails, logged once per outage) or until `wake()` (a receiver just bound). One batch at a time.
 */
export function startPushLoop<T extends { id: number; appId: string }, R>(
  takers: () => Map<string, Taker[]>,
  q: PushQueue<T, R>,
  pollMs: number,
): PushLoop {
  let running = true;
  let wakeUp: (() => void) | null = null;
  let failing = false;
  /** Each app's next taker: kept across batches, so items that come one at a time are spread too. */
  const turn = new Map<string, number>();

  const run = async () => {
    while (running) {
      const now = takers();
      let owed: T[] = [];
      let failed = false;
      if (now.size) {
        owed = await q.claim([...now.keys()]).then(
          (rows) => {
            if (failing) logger.info(`smpp ${q.what}: the database answers again`);
            failing = false;
            return rows;
          },
          (e: unknown) => {
            if (!failing) logger.warn(`claiming smpp ${q.what} failed; retrying every second`, { error: e });
            failing = true;
            failed = true;
            return [];
          },
        );
      }
      if (!owed.length) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, failed ? 1000 : pollMs);
          wakeUp = () => {
            clearTimeout(t);
            resolve();
          };
        });
        wakeUp = null;
        continue;
      }
      const results = await Promise.all(
        owed.map((item) => {
          const list = now.get(item.appId)!;
          const i = turn.get(item.appId) ?? 0;
          turn.set(item.appId, i + 1);
          return q.push(list[i % list.length], item).then((result) => ({ item, result }));
        }),
      );
      await q.settle(results).catch((e: unknown) => logger.warn(`recording smpp ${q.what} failed`, { error: e }));
    }
  };
  const done = run().catch((e: unknown) => logger.error(`smpp ${q.what} loop failed`, { error: e }));

  return {
    wake: () => wakeUp?.(),
    async stop() {
      running = false;
      wakeUp?.();
      await done;
    },
  };
}

/**
 * Sends one deliver_sm on a taker; true only when deliver_sm_resp says 0. False when it says anything else, when
 * no answer comes within `timeoutMs`, or when the session ends first.
 */
export function sendDeliverSm(taker: Taker, fields: Record<string, unknown>, timeoutMs: number): Promise<boolean> {
  return new Promise((resolveOnce) => {
    let done = false;
    const resolve = (ok: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      taker.pending.delete(fail);
      resolveOnce(ok);
    };
    const fail = () => resolve(false);
    taker.pending.add(fail);
    const timer = setTimeout(fail, timeoutMs);
    try {
      if (!taker.session.deliver_sm(fields, (resp) => resolve(resp.command_status === 0))) resolve(false);
    } catch (e) {
      // a field the library cannot encode: not sent, tried again until it expires
      logger.warn('a deliver_sm could not be encoded', { error: e });
      resolve(false);
    }
  });
}

/**
 * How long one item's parts are pushed in one claim: the parts left are claimed again later (partsDone), well before
 * a claim older than 60 s is handed to another listener.
 */
const PUSH_MS = 30_000;

/**
 * A queue of the port's (receipts, MO) as the push loop runs it: an item's parts go in order on one session, each
 * after the last was answered 0; a retry resumes after the parts taken.
 */
export function owedPushQueue(what: string, q: OwedQueue, respTimeoutMs: number): PushQueue<Owed, number> {
  const whole = (x: { item: Owed; result: number }) => x.result >= x.item.deliverSms.length;
  return {
    what,
    claim: (appIds) => q.claim(appIds, 500),
    async push(taker, item) {
      const until = Date.now() + PUSH_MS;
      let done = item.partsDone;
      while (done < item.deliverSms.length && Date.now() < until && (await sendDeliverSm(taker, item.deliverSms[done], respTimeoutMs))) done++;
      return done;
    },
    settle: (rs) =>
      q.settle(
        rs.filter(whole).map((x) => x.item.id),
        rs.filter((x) => !whole(x)).map((x) => ({ id: x.item.id, partsDone: x.result })),
      ),
  };
}
