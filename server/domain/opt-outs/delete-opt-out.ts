import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { optOuts } from '@/db/schema';
import type { OptOut } from '@/shared/contracts/opt-outs';
import { recordAudit } from '@/server/domain/audit/record-audit';
import { ApiError } from '@/shared/errors/api-error';
import { contactTargets, emitContactEvents, type ContactAudience } from './contact-events';
import { toOptOut } from './list-opt-outs';
import { normalizeOne } from './phones';

/**
 * D19: takes a phone off the organization's list and answers the entry that
 * went. Not listed (or no phone at all): 404 `Not found`. A `keyword` entry
 * stays: only the subscriber's own START lifts it (409, 1131). Audited, and
 * told to the audience's inbound_url as contact.opted_in (source: who removed it).
 */
export async function deleteOptOut(
  db: DbOrTx,
  a: { organizationId: string; defaultCountry: string; phone: string; actor: string; source: 'api' | 'dashboard'; audience: ContactAudience; now?: Date },
): Promise<OptOut> {
  const phone = normalizeOne(a.phone, a.defaultCountry);
  if (phone === null) throw new ApiError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const here = and(eq(optOuts.organizationId, a.organizationId), eq(optOuts.phone, phone));
    const [row] = await tx.select().from(optOuts).where(here).for('update');
    if (!row) throw new ApiError('NOT_FOUND');
    if (row.source === 'keyword') throw new ApiError('OPT_OUT_BY_SUBSCRIBER');
    await tx.delete(optOuts).where(here);
    const now = a.now ?? new Date();
    const targets = await contactTargets(tx, a.organizationId, a.audience);
    await emitContactEvents(tx, targets, { organizationId: a.organizationId, eventType: 'contact.opted_in', source: a.source, number: null, at: now }, [phone], now);
    await recordAudit(tx, {
      actor: a.actor,
      action: 'opt_out.remove',
      targetType: 'opt_out_list',
      targetId: a.organizationId,
      organizationId: a.organizationId,
      details: { phone, source: row.source },
    });
    return toOptOut(row);
  });
}
