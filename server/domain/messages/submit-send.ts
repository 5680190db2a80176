import type { Db } from '@/db/client';
import type { SendRequest, SendResult } from '@/shared/contracts/send';
import type { AuthedApp } from '@/server/domain/keys/authenticate';
import { findReplay, parseIdempotencyKey, requestHash, type IdempotencyClaim } from '@/server/domain/idempotency/idempotency';
import { senderIsAppNumber } from '@/server/domain/numbers/sender-number';
import { planSend } from '@/shared/messages/validate-send';
import type { SendChannel } from './send-channel';
import { IdempotencyRace, sendMessage } from './send-message';

/**
 * The stored first answer of an Idempotency-Key (the whole 201 body) holds the result in `data`; one stored before
 * D19's suppression had no `suppressed_recipients` (none were). One stored before D14's `unroutable_recipients` is
 * replayed as it was given.
 */
function replayed(stored: unknown): SendResult {
  const data = (stored as { data: Partial<SendResult> & Omit<SendResult, 'suppressed_recipients'> }).data;
  return { ...data, suppressed_recipients: data.suppressed_recipients ?? 0 };
}

/**
 * POST /send after the zod contract passed: Idempotency-Key replay (D12),
 * stage-2 validation (with whether a long sender_id is one of the app's
 * numbers, D18), then the one-transaction charge and insert.
 */
export async function submitSend(
  db: Db,
  app: AuthedApp,
  input: SendRequest,
  opts: { now: Date; idempotencyKey: string | null; allowHttpCallbacks: boolean; via?: SendChannel },
): Promise<SendResult> {
  const key = parseIdempotencyKey(opts.idempotencyKey);
  const claim: IdempotencyClaim | undefined = key ? { appId: app.appId, key, hash: requestHash(input), now: opts.now } : undefined;
  if (claim) {
    const replay = await findReplay(db, claim);
    if (replay) return replayed(replay);
  }
  // D21: a request that names no smart encoding follows the organization's setting (read with the key)
  const smartEncoding = input.smart_encoding ?? app.org.smartEncoding;
  const plan = planSend(input, { ...app.org, smartEncoding }, opts.now, {
    allowHttpCallbacks: opts.allowHttpCallbacks,
    senderIsAppNumber: await senderIsAppNumber(db, app.appId, input.sender_id),
  });
  try {
    return (await sendMessage(db, app, plan, opts.now, claim, opts.via)).result;
  } catch (e) {
    if (e instanceof IdempotencyRace && claim) {
      const replay = await findReplay(db, claim);
      if (replay) return replayed(replay);
    }
    throw e;
  }
}
