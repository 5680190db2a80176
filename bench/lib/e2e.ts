import { sleep } from '../../scripts/service-process';
import { percentiles } from './load';

/**
 * The e2e phase's measurements, the same for any gateway (ours through POST /send, Kannel through sendsms): requests
 * fired at a gateway, timed by what the test SMSC received (each submit_sm as it arrived, by destination), and by
 * when the gateway had processed the SMSC's receipt for each (a `delivered` recipient row for ours, a dlr-url
 * callback for Kannel).
 */
export type Gateway = {
  /** One request for these recipients; resolves once it was accepted, throws otherwise. */
  send: (to: string[]) => Promise<void>;
  /** Receipts fully processed so far (cumulative) and when the last of them was (or, when unknown, now). */
  processed: () => Promise<{ count: number; at: number }>;
  /** How often to ask `processed` while waiting (ms). */
  pollMs: number;
  /** CPU seconds used so far by each part of what counts as the gateway (its processes, its database backends). */
  cpuSeconds: () => Record<string, number>;
  /** Cumulative counts of the gateway's work (its database's transactions and statements), if it has a database. */
  counters?: () => Promise<Record<string, number>>;
};

/** What the e2e phase reads of the test SMSC (tests/carrier/smsc.ts): every submit_sm, with when it arrived. */
export type SubmitLog = { submits: Array<{ at: number; destination_addr: string }> };

export type ThroughputResult = {
  recipients: number;
  /** First request sent to the last recipient's submit_sm at the SMSC. */
  secs: number;
  /** Recipients per second over `secs`. */
  rate: number;
  /** The last submit_sm to the last receipt processed. */
  receiptSecs: number;
  /** The last request answered (the last 201) to the last submit_sm: how far submits lag the accepts (0 when they do not). */
  submitLagSecs: number;
  /** The gateway's CPU per recipient, first request sent to the last receipt processed: in all, and by part. */
  cpuMsPerRecipient: number;
  cpuMsByPart: Record<string, number>;
  /** submit_sm beyond one per recipient (resubmits), counted a moment after the last receipt. */
  extraSubmits: number;
  /** The gateway's counters per recipient over the run (Gateway.counters), if it has them. */
  perRecipient: Record<string, number> | null;
};

async function until<T>(what: string | (() => string), timeoutMs: number, everyMs: number, probe: () => Promise<T | null> | T | null): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`e2e: timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await sleep(everyMs);
  }
}

/** A time limit that scales with the work: a minute, plus 50 ms a recipient (a floor of 20 recipients/s). */
export const timeoutFor = (recipients: number) => 60_000 + recipients * 50;

/**
 * `numbers` sent in requests of `perRequest` recipients, `inFlight` requests at a time; timed until the SMSC has a
 * submit_sm for each, then until the gateway has processed a receipt for each.
 */
export async function throughputRun(gw: Gateway, smsc: SubmitLog, o: { numbers: string[]; perRequest: number; inFlight: number }): Promise<ThroughputResult> {
  const total = o.numbers.length;
  const requests: string[][] = [];
  for (let i = 0; i < total; i += o.perRequest) requests.push(o.numbers.slice(i, i + o.perRequest));
  const s0 = smsc.submits.length;
  const p0 = (await gw.processed()).count;
  const k0 = (await gw.counters?.()) ?? null;
  const c0 = gw.cpuSeconds();
  const t0 = Date.now();
  let next = 0;
  let lastAnswer = t0;
  const sending = Promise.all(Array.from({ length: Math.min(o.inFlight, requests.length) }, async () => {
    while (next < requests.length) {
      await gw.send(requests[next++]);
      lastAnswer = Date.now();
    }
  }));
  let failed: unknown = null;
  sending.catch((e: unknown) => (failed = e));
  const timeout = timeoutFor(total);
  await until(() => `${total} submit_sm (${smsc.submits.length - s0} so far)`, timeout, 5, () => {
    if (failed) throw failed;
    return smsc.submits.length >= s0 + total ? true : null;
  });
  const lastSubmit = smsc.submits[s0 + total - 1].at;
  await sending;
  let seen = 0;
  const done = await until(() => `${total} receipts processed (${seen - p0} so far)`, timeout, gw.pollMs, async () => {
    const p = await gw.processed();
    seen = p.count;
    return p.count >= p0 + total ? p : null;
  });
  const c1 = gw.cpuSeconds();
  const cpuMsByPart = Object.fromEntries(Object.keys(c1).map((k) => [k, ((c1[k] - c0[k]) * 1000) / total]));
  const k1 = k0 && (await gw.counters!());
  await sleep(200);
  const secs = (lastSubmit - t0) / 1000;
  return {
    recipients: total,
    secs,
    rate: total / Math.max(secs, 0.001),
    receiptSecs: (done.at - lastSubmit) / 1000,
    submitLagSecs: Math.max(0, lastSubmit - lastAnswer) / 1000,
    cpuMsPerRecipient: Object.values(cpuMsByPart).reduce((a, b) => a + b, 0),
    cpuMsByPart,
    extraSubmits: smsc.submits.length - s0 - total,
    perRecipient: k0 && k1 ? Object.fromEntries(Object.keys(k1).map((k) => [k, (k1[k] - k0[k]) / total])) : null,
  };
}

/**
 * A light, steady load: one single-recipient request every 1000/perSecond ms (sent on schedule, not after the
 * previous answer), for the given numbers; for each, the time from the request being sent to its submit_sm at the
 * SMSC. Waits for the receipts too, so that nothing of this run overlaps the next.
 */
export async function latencyRun(gw: Gateway, smsc: SubmitLog, o: { numbers: string[]; perSecond: number }): Promise<{ p50: number; p99: number; count: number }> {
  const sentAt = new Map<string, number>();
  const s0 = smsc.submits.length;
  const p0 = (await gw.processed()).count;
  const t0 = Date.now();
  const sends: Array<Promise<void>> = [];
  for (let i = 0; i < o.numbers.length; i++) {
    const due = t0 + (i * 1000) / o.perSecond;
    if (due > Date.now()) await sleep(due - Date.now());
    sentAt.set(o.numbers[i].replace(/^\+/, ''), Date.now());
    sends.push(gw.send([o.numbers[i]]));
  }
  await Promise.all(sends);
  const total = o.numbers.length;
  await until(() => `${total} submit_sm (${smsc.submits.length - s0} so far)`, timeoutFor(total), 5, () => (smsc.submits.length >= s0 + total ? true : null));
  const ms = smsc.submits.slice(s0, s0 + total).map((s) => {
    const sent = sentAt.get(s.destination_addr.replace(/^\+/, ''));
    if (sent === undefined) throw new Error(`e2e: a submit_sm to ${s.destination_addr}, which this run did not send`);
    return s.at - sent;
  });
  await until(`${total} receipts processed`, timeoutFor(total), gw.pollMs, async () => ((await gw.processed()).count >= p0 + total ? true : null));
  return { ...percentiles(ms), count: ms.length };
}

/**
 * Requests only, no carrier: `numbers` sent one a request, `inFlight` at a time, timed from the first request to the
 * last answer; CPU per request by part over the same span. For the ceiling row (a bare server doing the send's writes).
 */
export async function requestRun(
  send: (to: string[]) => Promise<void>,
  cpuSeconds: () => Record<string, number>,
  o: { numbers: string[]; inFlight: number },
): Promise<{ rate: number; cpuMsPerRecipient: number; cpuMsByPart: Record<string, number> }> {
  const total = o.numbers.length;
  const c0 = cpuSeconds();
  const t0 = Date.now();
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(o.inFlight, total) }, async () => {
    while (next < total) await send([o.numbers[next++]]);
  }));
  const secs = (Date.now() - t0) / 1000;
  const c1 = cpuSeconds();
  const cpuMsByPart = Object.fromEntries(Object.keys(c1).map((k) => [k, ((c1[k] - c0[k]) * 1000) / total]));
  return { rate: total / Math.max(secs, 0.001), cpuMsPerRecipient: Object.values(cpuMsByPart).reduce((a, b) => a + b, 0), cpuMsByPart };
}
