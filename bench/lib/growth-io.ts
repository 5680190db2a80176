import type postgres from 'postgres';
import type { Db } from '../../db/client';
import type { startSmsc } from '../../tests/carrier/smsc';
import { poolPhone } from './growth-plan';
import { waitFor, type BenchMerchant, type Proc } from './service';

/** What the growth phase's rows and its sustained load share: the service on one database, and how they talk to it. */
export const MO_NUMBER = '243990500000';
/** The small merchant's number (the pages it reads must show rows on the empty database too: seedPages). */
export const SMALL_MO_NUMBER = '243990500001';

export type GrowthService = { api: string; url: string; sql: postgres.Sql; db: Db; smsc: Awaited<ReturnType<typeof startSmsc>>; web: Proc; log: (m: string) => void };

/** POST /send for `to` with the merchant's key; the message id. */
export async function sendAs(api: string, m: BenchMerchant, to: string[], message = 'Your code is 123456'): Promise<string> {
  const res = await fetch(`${api}/send`, { method: 'POST', headers: { 'app-key': m.api_key, 'content-type': 'application/json' }, body: JSON.stringify({ to, message, sender_id: 'ACME' }) });
  if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data.message_id as string;
}

let seq = 0;
/** Numbers of the test SMSC's route (+243819 and six digits) no run sent to, none ending in the sandbox's magic 1111/2222/3333. */
export function freshNumbers(count: number): string[] {
  const out: string[] = [];
  while (out.length < count) {
    const phone = `+243819${String(seq++).padStart(6, '0')}`;
    if (!/(1111|2222|3333)$/.test(phone)) out.push(phone);
  }
  return out;
}

/** A burst of MO deliver_sm from the test SMSC to the merchant's number, answered once each is stored (D18). */
async function moBurstStored(s: GrowthService, m: BenchMerchant, number: string, from: (i: number) => string, text: (i: number) => string, n: number) {
  const [{ before }] = await s.sql<{ before: number }[]>`select count(*)::int as before from inbound_messages where organization_id = ${m.organization_id}`;
  const run = await s.smsc.moBurst(n, (i) => ({ source_addr: from(i).slice(1), destination_addr: number, short_message: Buffer.from(text(i), 'latin1') }));
  if (run.refused) throw new Error(`growth: ${run.refused} MO refused`);
  await waitFor(async () => (await s.sql<{ n: number }[]>`select count(*)::int as n from inbound_messages where organization_id = ${m.organization_id}`)[0].n >= before + n,
    60_000, 50, `${n} MO stored`);
  return run;
}

let moSeq = 0;
/**
 * `n` MO deliver_sm from the pool's 1,000 most frequent phones (in the filled database, phones with a year of sends
 * below) to the heavy merchant's number, each text new (none is a resend), replying to a send: the merchant first texts
 * the 1,000 phones (one send, delivered before the burst starts), so that on both databases each MO's in_reply_to probe
 * finds that send, as a merchant's customers' replies do; the empty database's probe would otherwise find nothing and
 * do none of the work. From the first deliver_sm to the last answer, which the connector sends once the MO is stored
 * (D18). MO/s.
 */
export async function moIngest(s: GrowthService, m: BenchMerchant, n: number): Promise<number> {
  const phones = Array.from({ length: 1000 }, (_, k) => poolPhone(k));
  const asked = await sendAs(s.api, m, phones, 'Votre avis compte : repondez a ce message');
  await waitFor(async () => (await s.sql<{ left: number }[]>`select (total_recipients - delivered - failed - cancelled)::int as left from messages where id = ${asked}`)[0].left === 0,
    60_000, 50, 'the send the MO reply to, delivered');
  const from = moSeq;
  moSeq += n;
  const run = await moBurstStored(s, m, MO_NUMBER, (i) => phones[(from + i) % 1000], (i) => `Merci, bien recu ${from + i}`, n);
  const [{ unanswered }] = await s.sql<{ unanswered: number }[]>`select count(*)::int as unanswered from inbound_messages
    where organization_id = ${m.organization_id} and to_number = ${MO_NUMBER} and in_reply_to is distinct from ${asked}
      and received_at >= (select created_at from messages where id = ${asked})`;
  if (unanswered) throw new Error(`growth: ${unanswered} MO not linked to the send they reply to`);
  return n / Math.max((run.lastAt - run.firstAt) / 1000, 0.001);
}

/**
 * What a person's pages show, the same on both databases before they are read: the small merchant's 30 newest sends
 * and both merchants' 30 newest conversations (an MO each from phones no run used). Without them the empty database's
 * small merchant had no send and neither merchant a conversation yet, and its pages, empty, were timed against full
 * ones. On the filled database they are the newest rows, above the history.
 */
export async function seedPages(s: GrowthService, heavy: BenchMerchant, small: BenchMerchant): Promise<void> {
  for (const to of freshNumbers(30)) await sendAs(s.api, small, [to], 'Votre commande est prete');
  for (const [m, number] of [[heavy, MO_NUMBER], [small, SMALL_MO_NUMBER]] as const) {
    const phones = freshNumbers(30);
    await moBurstStored(s, m, number, (i) => phones[i], (i) => `Bonjour ${i}`, 30);
  }
}
