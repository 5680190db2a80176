import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { numbers, platformSettings, senderIds } from '@/db/schema';
import { SENDER_ID_NOT_APPROVED_MESSAGE, type SendWarning } from '@/shared/contracts/send';
import type { KeyEnvironment } from '@/server/domain/keys/api-keys';
import { ApiError } from '@/shared/errors/api-error';

/** platform_settings' name of D22's platform default sender ID. */
export const DEFAULT_SENDER_SETTING = 'default_sender_id';

/**
 * A sender_id without any letter reads as a phone number or short code on a handset (D22 calls it numeric): it may
 * only be one of the organization's own numbers (D18), a leading `+` aside.
 */
export const isNumericSender = (s: string) => !/\p{L}/u.test(s);
const asNumber = (s: string) => s.replace(/^\+/, '');

/** What the database says about a sender_id, for one organization. */
export type SenderFacts = { ownNumber: boolean; approved: boolean; platformDefault: string | null };

/** D22's answer: the sender the send goes from (and whether the sandbox warns), or refused (1140). */
export type SenderVerdict = { ok: true; senderId: string | null; notApproved: boolean } | { ok: false };

/**
 * D22, in one place (sends over REST, Compose and SMPP, and each later dispatch:
 * server/domain/delivery/refuse-sender.ts): no sender_id goes from the platform default in live (none in the
 * sandbox); a numeric one must be the organization's own number or short code, in every environment; one with a
 * letter must be approved for the organization in live (the platform default is always allowed), and goes anyway in
 * the sandbox, marked not approved.
 */
export function judgeSender(senderId: string | null, environment: KeyEnvironment, f: SenderFacts): SenderVerdict {
  if (senderId === null) return { ok: true, senderId: environment === 'live' ? f.platformDefault : null, notApproved: false };
  if (isNumericSender(senderId)) return f.ownNumber ? { ok: true, senderId, notApproved: false } : { ok: false };
  if (f.approved || senderId === f.platformDefault) return { ok: true, senderId, notApproved: false };
  return environment === 'live' ? { ok: false } : { ok: true, senderId, notApproved: true };
}

/** The facts judgeSender needs, in one statement (each part an index probe). */
export async function senderFacts(db: DbOrTx, organizationId: string, senderId: string | null): Promise<SenderFacts> {
  const [row] = await db.execute<{ own_number: boolean; approved: boolean; platform_default: string | null }>(sql`
    select exists(select 1 from ${numbers} where ${numbers.organizationId} = ${organizationId} and ${numbers.number} = ${senderId === null ? null : asNumber(senderId)}) as own_number,
           exists(select 1 from ${senderIds} where ${senderIds.organizationId} = ${organizationId} and ${senderIds.senderId} = ${senderId}
                     and ${senderIds.state} = 'approved') as approved,
           (select ${platformSettings.value} from ${platformSettings} where ${platformSettings.name} = ${DEFAULT_SENDER_SETTING}) as platform_default`);
  return { ownNumber: row.own_number, approved: row.approved, platformDefault: row.platform_default };
}

/**
 * The send-time check (sendMessage: POST /send, Compose, SMPP): the sender the send goes from, with the sandbox's
 * SENDER_ID_NOT_APPROVED warning when there is one; a refusal throws 400 1140 SENDER_ID_NOT_ALLOWED before anything
 * is written or charged. A sandbox send without sender_id reads nothing.
 */
export async function checkSender(
  db: DbOrTx,
  app: { organizationId: string; environment: KeyEnvironment },
  senderId: string | null,
): Promise<{ senderId: string | null; warning: SendWarning | null }> {
  if (senderId === null && app.environment !== 'live') return { senderId, warning: null };
  const verdict = judgeSender(senderId, app.environment, await senderFacts(db, app.organizationId, senderId));
  if (!verdict.ok) throw new ApiError('SENDER_ID_NOT_ALLOWED');
  const warning: SendWarning | null = verdict.notApproved ? { field: 'sender_id', code: 'SENDER_ID_NOT_APPROVED', message: SENDER_ID_NOT_APPROVED_MESSAGE } : null;
  return { senderId: verdict.senderId, warning };
}
