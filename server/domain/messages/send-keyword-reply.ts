import type { DbOrTx } from '@/db/client';
import type { KeywordReply } from '@/db/schema';
import { afterCommit } from '@/server/lib/after-commit';
import { analyzeMessage } from '@/shared/messages/segments';
import { createPriceResolver } from '@/shared/pricing/pricing';
import { countSend, writeSend } from './send-message';
import type { SendingApp } from './send-channel';

/** Every reply is priced 0, whatever the organization's price list says (D19: a reply is not charged). */
const FREE = createPriceResolver([], '0');

/**
 * The gateway's reply to a D19 keyword, written in the MO's transaction (so it exists exactly when the MO does): an
 * ordinary immediate send of the app the MO was routed to, from the number the MO came to (`sender_id`, whatever its
 * length), to the MO's sender, through writeSend with channel `keyword`. Its price is 0: the charge writes no ledger
 * row (chargeWallets moves nothing for 0), so the wallets and their ledger stay as they were, and a refund of it
 * later is 0 too. It has the events of any send (sms.queued, then the dispatch's, to webhook_url). None of the
 * public send's checks apply (the text is the organization's, the sender one of its numbers); the opt-out list is
 * not read (the caller's keyword effect decided), and a STOP's reply is exempt at its dispatch too (skipOptedOut).
 * Returns the message id.
 */
export async function sendKeywordReply(
  tx: DbOrTx,
  app: SendingApp,
  r: { reply: KeywordReply; from: string; to: string; text: string },
  now: Date,
): Promise<string> {
  const analysis = analyzeMessage(r.text);
  const via = { channel: 'keyword', reply: r.reply } as const;
  const written = await writeSend(
    tx,
    app,
    {
      sendingType: 'immediate',
      body: r.text,
      originalBody: null,
      smartEncoding: { text: r.text, mode: 'off', applied: false, replacedCharacters: 0 },
      senderId: r.from,
      encoding: analysis.encoding,
      segments: analysis.segments,
      recipients: [r.to],
      warnings: [],
      dispatchTimes: [null],
      callbackUrl: null,
      schedule: null,
    },
    now,
    { resolve: FREE, via },
  );
  afterCommit(tx, () => countSend(written, via));
  return written.result.message_id;
}
