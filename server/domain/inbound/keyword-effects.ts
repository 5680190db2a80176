import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { optOuts, organizations } from '@/db/schema';
import { name } from '@/server/lib/sql-names';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { sendKeywordReply } from '@/server/domain/messages/send-keyword-reply';
import { contactTargets, emitContactEvents } from '@/server/domain/opt-outs/contact-events';
import { keywordReplyText } from '@/server/domain/opt-outs/keyword-replies';
import { matchKeyword, type OptOutKeyword } from '@/server/domain/opt-outs/keywords';
import type { InboundRoute } from './route-inbound';

/**
 * A sender the list can hold (opt_outs_phone_e164): a carrier may report a sender that is no phone number (an
 * alphanumeric name, a short code), whose keyword is an ordinary MO: there is nothing to list and no one to reply to.
 */
export function isListablePhone(phone: string): boolean {
  return /^\+[1-9][0-9]{6,14}$/.test(phone);
}

/** A routed MO whose whole text is a D19 keyword; `language`: the keyword's, which the reply speaks (D23; absent: English). */
export type KeywordMo = { inboundId: string; organizationId: string; appId: string; from: string; number: string; language?: 'en' | 'fr' };

/**
 * D19: the effects of the keyword MO among a batch (routed, from a phone the list can hold, whose text is a keyword),
 * each by applyKeyword, in (organization, phone) order, a phone's MO in the order they came: two batches (two
 * connectors) lock the list's entries in one order, so they never wait on each other in a cycle, and a phone's STOP
 * then START in one batch end as they were sent. Returns each keyword MO's `opt_out` by its index in `mos`.
 */
export async function applyKeywords(
  tx: DbOrTx,
  mos: Array<{ inboundId: string; from: string; text: string; route: InboundRoute | null }>,
  now: Date,
): Promise<Map<number, OptOutKeyword>> {
  const keyed = mos.flatMap((mo, i) => {
    const match = mo.route && isListablePhone(mo.from) ? matchKeyword(mo.text, mo.route.keyword !== null) : null;
    return match && mo.route ? [{ i, kind: match.kind, language: match.language, route: mo.route, mo }] : [];
  });
  keyed.sort((a, b) => (a.route.organizationId < b.route.organizationId ? -1 : a.route.organizationId > b.route.organizationId ? 1 : 0) || (a.mo.from < b.mo.from ? -1 : a.mo.from > b.mo.from ? 1 : 0) || a.i - b.i);
  const out = new Map<number, OptOutKeyword>();
  for (const k of keyed) {
    const { organizationId, appId, number } = k.route;
    const done = await applyKeyword(tx, k.kind, { inboundId: k.mo.inboundId, organizationId, appId, from: k.mo.from, number, language: k.language }, now);
    if (done) out.set(k.i, done);
  }
  return out;
}

/**
 * D19's effect of a keyword MO, in the transaction that stores it, and what goes in its `opt_out` (null: it changed
 * nothing, and nothing was sent):
 * - `stop` puts the phone on the list (source `keyword`) and replies, unless it was listed already (no second reply);
 * - `start` takes a listed phone off, whatever its entry's source, and replies; from a phone not listed it does nothing;
 * - `help` replies, unless the phone is listed (`help` when it replied).
 * Each change of the list is audited (actor `system`, with the MO) and sent as contact.opted_out / opted_in to the
 * MO's app's inbound_url (`number`: the number the MO came to). The reply is a free send of that app from that
 * number (sendKeywordReply). Each step is one indexed statement on the list's primary key: the insert and the
 * delete take the entry's row lock, so two MO of one phone at once end one way, with one reply.
 */
export async function applyKeyword(tx: DbOrTx, kind: OptOutKeyword, mo: KeywordMo, now: Date): Promise<OptOutKeyword | null> {
  const here = sql`${optOuts.organizationId} = ${mo.organizationId} and ${optOuts.phone} = ${mo.from}`;
  if (kind === 'stop') {
    const added = await tx.execute(sql`
      insert into ${optOuts} (${name(optOuts.organizationId)}, ${name(optOuts.phone)}, ${name(optOuts.source)}) values (${mo.organizationId}, ${mo.from}, 'keyword')
      on conflict (${name(optOuts.organizationId)}, ${name(optOuts.phone)}) do nothing returning 1`);
    if (!added.length) return null;
    await listChanged(tx, 'opt_out.add', mo, now, { source: 'keyword', added: 1, already: 0, phones: [mo.from] });
  } else if (kind === 'start') {
    const [removed] = await tx.execute<{ source: string }>(sql`delete from ${optOuts} where ${here} returning ${name(optOuts.source)}`);
    if (!removed) return null;
    await listChanged(tx, 'opt_out.remove', mo, now, { phone: mo.from, source: removed.source });
  } else if ((await tx.execute(sql`select 1 from ${optOuts} where ${here}`)).length) {
    return null;
  }
  await reply(tx, kind, mo, now);
  return kind;
}

async function listChanged(tx: DbOrTx, action: 'opt_out.add' | 'opt_out.remove', mo: KeywordMo, now: Date, details: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, {
    actor: 'system',
    action,
    targetType: 'opt_out_list',
    targetId: mo.organizationId,
    organizationId: mo.organizationId,
    details: { ...details, inbound_id: mo.inboundId },
  });
  const targets = await contactTargets(tx, mo.organizationId, { appId: mo.appId });
  const eventType = action === 'opt_out.add' ? 'contact.opted_out' : 'contact.opted_in';
  await emitContactEvents(tx, targets, { organizationId: mo.organizationId, eventType, source: 'keyword', number: mo.number, at: now }, [mo.from], now);
}

async function reply(tx: DbOrTx, kind: OptOutKeyword, mo: KeywordMo, now: Date): Promise<void> {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, mo.organizationId));
  const text = keywordReplyText(kind, org, mo.language ?? 'en');
  await sendKeywordReply(tx, { appId: mo.appId, organizationId: mo.organizationId, currency: org.currency }, { reply: kind, from: mo.number, to: mo.from, text }, now);
}
