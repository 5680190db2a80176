import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { numberKind, splitFirstWord } from '@/server/domain/numbers/keyword';

/**
 * Where an MO goes: the app of the number (or short code + keyword) it matched, as assigned; `smpp` when that app has
 * SMPP credentials (its merchant sessions get the MO too, D18).
 */
export type InboundRoute = { number: string; keyword: string | null; appId: string; organizationId: string; smpp: boolean };

/** The destination as numbers are assigned: digits, without a leading `+`. */
export function destinationDigits(to: string): string {
  return to.trim().replace(/^\+/, '');
}

/**
 * D18 routing of an MO by its destination: a dedicated number's app; else, on a short code, the app of the keyword
 * that is the MO's first word (splitFirstWord: up to the first whitespace, edge punctuation off, case and accents
 * folded), else the short code's catch-all; else null (unrouted). One index probe (numbers_number_keyword_uq), and
 * the app's row by its key.
 */
export async function routeInbound(tx: DbOrTx, to: string, text: string): Promise<InboundRoute | null> {
  const number = destinationDigits(to);
  const kind = numberKind(number);
  if (!kind) return null;
  const word = kind === 'short_code' ? splitFirstWord(text).word : '';
  const [row] = await tx.execute<{ number: string; keyword: string | null; app_id: string; organization_id: string; smpp: boolean }>(sql`
    select n.number, n.keyword, n.app_id, n.organization_id, (a.smpp_system_id is not null) as smpp
      from (select number, keyword, app_id, organization_id from numbers
             where number = ${number} and keyword_folded in (${word}, '')
             order by keyword_folded = '' limit 1) n
      join gateway_apps a on a.id = n.app_id`);
  return row ? { number: row.number, keyword: row.keyword, appId: row.app_id, organizationId: row.organization_id, smpp: row.smpp } : null;
}
