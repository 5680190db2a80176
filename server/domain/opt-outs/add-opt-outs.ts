import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { optOuts, type OptOutSource } from '@/db/schema';
import { name } from '@/server/lib/sql-names';
import type { AddOptOutsResult } from '@/shared/contracts/opt-outs';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { contactTargets, emitContactEvents, type ContactAudience } from './contact-events';

/** Phones one insert statement takes (one JSON array parameter of about 300 KB). */
export const INSERT_CHUNK = 20_000;

export type AddOptOuts = {
  organizationId: string;
  phones: string[];
  source: OptOutSource;
  reason: string | null;
  actor: string;
  /** Who hears of each phone added (contact.opted_out, D19); by default every app, as for a change no app made. */
  audience?: ContactAudience;
  now?: Date;
};

/**
 * Puts E.164 phones on the organization's list: one set-based insert per
 * chunk (`unnest ... on conflict do nothing`), so a phone already listed keeps
 * its entry (source, reason, date) and counts as `already`. Each phone added
 * sends contact.opted_out (D19, `number` null) to the audience's apps that have
 * an inbound_url, as one more set-based statement per chunk (none when no app
 * has one). Audited in the same transaction.
 */
export async function addOptOuts(db: DbOrTx, a: AddOptOuts): Promise<AddOptOutsResult> {
  const unique = [...new Set(a.phones)];
  const now = a.now ?? new Date();
  return db.transaction(async (tx) => {
    const targets = await contactTargets(tx, a.organizationId, a.audience ?? 'every-app');
    const change = { organizationId: a.organizationId, eventType: 'contact.opted_out', source: a.source, number: null, at: now } as const;
    let added = 0;
    for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
      const chunk = unique.slice(i, i + INSERT_CHUNK);
      const insert = sql`
        insert into ${optOuts} (${name(optOuts.organizationId)}, ${name(optOuts.phone)}, ${name(optOuts.source)}, ${name(optOuts.reason)})
        select ${a.organizationId}, p, ${a.source}, ${a.reason} from unnest(${arrayLiteral(chunk)}::text[]) as p
        on conflict (${name(optOuts.organizationId)}, ${name(optOuts.phone)}) do nothing
        returning ${name(optOuts.phone)}`;
      if (targets.length) {
        const phones = (await tx.execute<{ phone: string }>(insert)).map((r) => r.phone);
        added += phones.length;
        await emitContactEvents(tx, targets, change, phones, now);
      } else {
        added += (await tx.execute<{ n: number }>(sql`with inserted as (${insert}) select count(*)::int as n from inserted`))[0].n;
      }
    }
    const result = { added, already: unique.length - added };
    await recordAudit(tx, {
      actor: a.actor,
      action: 'opt_out.add',
      targetType: 'opt_out_list',
      targetId: a.organizationId,
      organizationId: a.organizationId,
      details: { source: a.source, ...result, ...(unique.length <= 10 ? { phones: unique } : {}) },
    });
    return result;
  });
}
