import type { DbOrTx } from '@/db/client';
import { optOuts } from '@/db/schema';
import { executeFixed, fixedSql } from '@/server/lib/fixed-sql';
import { arrayLiteral } from '@/server/lib/sql-arrays';

/** What a recipient skipped for the opt-out list fails with (D19): in its record and its `sms.failed` event. */
export const OPTED_OUT = {
  errorCode: 'OPTED_OUT',
  errorMessage: "The recipient is on the organization's opt-out list.",
  retryable: false,
} as const;

/**
 * The phones among `phones` (E.164) on the organization's opt-out list, in ONE statement: the primary key
 * (organization_id, phone) probed once per distinct phone, whatever the list's size (D19). The phones go as one
 * text[] literal (arrayLiteral): E.164 is `+` and digits only, nothing an array literal would have to quote.
 */
export async function optedOutAmong(db: DbOrTx, organizationId: string, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const distinct = [...new Set(phones)];
  const rows = await executeFixed<{ phone: string }>(db, fixedSql`
    select ${optOuts.phone} from ${optOuts} where ${optOuts.organizationId} = ${organizationId} and ${optOuts.phone} = any(${arrayLiteral(distinct)}::text[])`);
  return new Set(rows.map((r) => r.phone));
}
