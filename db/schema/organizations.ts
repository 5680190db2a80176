import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, updatedAt } from './_columns';
// (relative: drizzle-kit reads this file without the '@/' alias)
import { SMART_ENCODING_MODES } from '../../shared/messages/smart-encoding';

export const organizations = pgTable(
  'organizations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** IANA zone in which scheduled dates are read (D4). */
    timezone: text('timezone').notNull().default('Africa/Kinshasa'),
    /** ISO 3166 alpha-2 country used to normalize national numbers (D3). */
    defaultCountry: text('default_country').notNull().default('CD'),
    /** Price of a segment to a number that matches no pricing row; null = 0.01 (D2). */
    defaultPrice: money('default_price'),
    /** ISO 4217 settlement currency of the organization's wallets. */
    currency: text('currency').notNull().default('USD'),
    /**
     * D19's replies to the opt-out keywords, as the owner wrote them (`{organization}` stands for `name`); null = the
     * default text (server/domain/opt-outs/keyword-replies.ts).
     */
    optOutReply: text('opt_out_reply'),
    optInReply: text('opt_in_reply'),
    helpReply: text('help_reply'),
    /** D23: the same three replies in French, sent to the French keywords (ARRET, OUI, AIDE...); null = D23's default. */
    optOutReplyFr: text('opt_out_reply_fr'),
    optInReplyFr: text('opt_in_reply_fr'),
    helpReplyFr: text('help_reply_fr'),
    /** D21: the smart encoding of a send that does not name one (POST /send, Compose): `off` until an owner changes it. */
    smartEncoding: text('smart_encoding', { enum: SMART_ENCODING_MODES }).notNull().default('off'),
    /**
     * Issue 44: the low-balance alert. When what the organization can spend (prepaid + postpaid, as GET /balance adds
     * them) falls from at least this amount to below it, `wallet.low_balance` is posted once (wallets/low-balance.ts)
     * and the dashboard shows a banner. Null = off (the default).
     */
    lowBalanceThreshold: money('low_balance_threshold'),
    /** Compose asks to confirm a send whose total is above this amount (in `currency`), or above half the balance. */
    composeConfirmAmount: money('compose_confirm_amount').notNull().default('50'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organizations_opt_out_reply_length', sql`char_length(${t.optOutReply}) between 1 and 320`),
    check('organizations_opt_in_reply_length', sql`char_length(${t.optInReply}) between 1 and 320`),
    check('organizations_help_reply_length', sql`char_length(${t.helpReply}) between 1 and 320`),
    check('organizations_opt_out_reply_fr_length', sql`char_length(${t.optOutReplyFr}) between 1 and 320`),
    check('organizations_opt_in_reply_fr_length', sql`char_length(${t.optInReplyFr}) between 1 and 320`),
    check('organizations_help_reply_fr_length', sql`char_length(${t.helpReplyFr}) between 1 and 320`),
    check('organizations_low_balance_threshold', sql`${t.lowBalanceThreshold} > 0`),
    check('organizations_smart_encoding', sql`${t.smartEncoding} in ('off', 'lookalikes', 'transliterate')`),
    check('organizations_compose_confirm_amount', sql`${t.composeConfirmAmount} > 0`),
  ],
);
