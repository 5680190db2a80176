import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, numbers } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
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
 * D18 routing of MO by their destinations, in one statement for all of them: a dedicated number's app; else, on a
 * short code, the app of the keyword that is the MO's first word (splitFirstWord: up to the first whitespace, edge
 * punctuation off, case and accents folded), else the short code's catch-all; else null (unrouted). Per MO one
 * index probe (numbers_number_keyword_uq) and the app's row by its key. The answer is in the order of `mos`.
 */
export async function routeInbound(tx: DbOrTx, mos: Array<{ to: string; text: string }>): Promise<Array<InboundRoute | null>> {
  const input = mos.flatMap((mo, i) => {
    const number = destinationDigits(mo.to);
    const kind = numberKind(number);
    return kind ? [{ i, number, word: kind === 'short_code' ? splitFirstWord(mo.text).word : '' }] : [];
  });
  const out: Array<InboundRoute | null> = mos.map(() => null);
  if (!input.length) return out;
  const rows = await tx.execute<{ i: number; number: string; keyword: string | null; app_id: string; organization_id: string; smpp: boolean }>(sql`
    select x.i, ${of('n', numbers.number)}, ${of('n', numbers.keyword)}, ${of('n', numbers.appId)}, ${of('n', numbers.organizationId)},
           (${of('a', gatewayApps.smppSystemId)} is not null) as smpp
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(i int, number text, word text)
     cross join lateral (select ${numbers.number}, ${numbers.keyword}, ${numbers.appId}, ${numbers.organizationId} from ${numbers}
                          where ${numbers.number} = x.number and ${numbers.keywordFolded} in (x.word, '')
                          order by ${numbers.keywordFolded} = '' limit 1) n
      join ${gatewayApps} a on ${of('a', gatewayApps.id)} = ${of('n', numbers.appId)}`);
  for (const r of rows) out[r.i] = { number: r.number, keyword: r.keyword, appId: r.app_id, organizationId: r.organization_id, smpp: r.smpp };
  return out;
}
