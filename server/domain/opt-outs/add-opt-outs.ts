import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { OptOutSource } from '@/db/schema';
import type { AddOptOutsResult } from '@/server/contracts/opt-outs';
import { recordAudit } from '@/server/domain/audit/record-audit';

/** Phones one insert statement takes (one JSON array parameter of about 300 KB). */
export const INSERT_CHUNK = 20_000;

export type AddOptOuts = { organizationId: string; phones: string[]; source: OptOutSource; reason: string | null; actor: string };

/**
 * Puts E.164 phones on the organization's list: one set-based insert per
 * chunk (`unnest ... on conflict do nothing`), so a phone already listed keeps
 * its entry (source, reason, date) and counts as `already`. Audited in the same
 * transaction. Contacts' opted_out events (D19) wait for inbound_url (D18).
 */
export async function addOptOuts(db: DbOrTx, a: AddOptOuts): Promise<AddOptOutsResult> {
  const unique = [...new Set(a.phones)];
  return db.transaction(async (tx) => {
    let added = 0;
    for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
      const chunk = unique.slice(i, i + INSERT_CHUNK);
      const rows = await tx.execute<{ n: number }>(sql`
        with inserted as (
          insert into opt_outs (organization_id, phone, source, reason)
          select ${a.organizationId}, p, ${a.source}, ${a.reason} from json_array_elements_text(${JSON.stringify(chunk)}::json) as p
          on conflict (organization_id, phone) do nothing
          returning 1
        ) select count(*)::int as n from inserted`);
      added += rows[0].n;
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
