import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { numbers } from '@/db/schema';
import { LONG_NUMBER_SENDER } from '@/shared/contracts/send';

/**
 * D18: a reply's sender_id may be one of the sending app's numbers whatever its length. The ordinary rule (1 to 11
 * characters) refuses a 12-15 digit number; only then is the app's numbers looked at, by one lookup on
 * numbers_number_keyword_uq (number first). A short code or an 8-11 digit number passes the ordinary rule as it is.
 */
export async function senderIsAppNumber(db: DbOrTx, appId: string, senderId: string | undefined): Promise<boolean> {
  if (senderId === undefined || !LONG_NUMBER_SENDER.test(senderId)) return false;
  const rows = await db.execute(sql`select 1 from ${numbers} where ${numbers.number} = ${senderId} and ${numbers.appId} = ${appId} limit 1`);
  return rows.length > 0;
}
