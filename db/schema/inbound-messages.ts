import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';

export const INBOUND_ENCODINGS = ['gsm7', 'latin1', 'ucs2', 'binary'] as const;
export type InboundEncoding = (typeof INBOUND_ENCODINGS)[number];
/** D19: what an MO changed on the opt-out list (null: nothing). */
export const INBOUND_OPT_OUTS = ['stop', 'start', 'help'] as const;
export type InboundOptOut = (typeof INBOUND_OPT_OUTS)[number];

/**
 * D18: every mobile-originated message (MO) a carrier reported, or the sandbox simulated, whole (a concatenated MO
 * is one row once joined). Routed MO carry their organization and app; an *unrouted* MO has neither and keeps the
 * destination as it came (`to_number`). Stored before the carrier is answered, in the transaction that writes its
 * `sms.received` event (and, for an app with SMPP, its row of smpp_inbound_deliveries).
 * D24: partitioned by month of `received_at` (migration 0041; drizzle-kit cannot say so); each partition has its own
 * primary key on `id` (one on the parent would have to include `received_at`). Ids are random (`in_` + 22 base62
 * characters, newId), so unique by construction; what keeps a carrier's resent MO from being stored twice is
 * carrier_mo_seen and carrier_mo_parts' slots, never this table.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: text('id').notNull(),
    // No foreign keys (migration 0046): dropping a month's partition would drop their triggers on organizations and
    // gateway_apps, which takes those tables' ACCESS EXCLUSIVE lock: every API key check (it reads both) waited for
    // it, and deadlocked with it (the growth bench's drop). The MO path writes the organization and app of the number
    // it just routed by, in its one transaction, and neither is ever deleted.
    organizationId: text('organization_id'),
    appId: text('app_id'),
    /** The sender, E.164 with `+` (as the carrier gave it when it was not a number). */
    fromPhone: text('from_phone').notNull(),
    /** The number as assigned (numbers.number); the destination as received when unrouted. */
    toNumber: text('to_number').notNull(),
    /** The assigned keyword the MO was routed by (as the operator typed it); null for a number or catch-all. */
    keyword: text('keyword'),
    text: text('text').notNull(),
    encoding: text('encoding', { enum: INBOUND_ENCODINGS }).notNull(),
    /** Parts received (1 for a single-part or message_payload MO). */
    segments: integer('segments').notNull(),
    /** False when some parts of a concatenated MO never came (it went on after the 5-minute wait). */
    complete: boolean('complete').notNull(),
    /** The connector's name, or `simulator`. */
    carrier: text('carrier').notNull(),
    connectorId: text('connector_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The organization's latest send to `from_phone` within 7 days before received_at. */
    inReplyTo: text('in_reply_to'),
    optOut: text('opt_out', { enum: INBOUND_OPT_OUTS }),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /inbound: an organization's MO newest first (read backwards), and the same for one sender.
    index('inbound_messages_org_received_idx').on(t.organizationId, t.receivedAt, t.id),
    index('inbound_messages_org_from_idx').on(t.organizationId, t.fromPhone, t.receivedAt, t.id),
    // The operator console's unrouted list and the /metrics gauge.
    index('inbound_messages_unrouted_idx').on(t.receivedAt, t.id).where(sql`${t.organizationId} is null`),
    check('inbound_messages_encoding_known', sql`${t.encoding} in ('gsm7', 'latin1', 'ucs2', 'binary')`),
    check('inbound_messages_opt_out_known', sql`${t.optOut} is null or ${t.optOut} in ('stop', 'start', 'help')`),
    check('inbound_messages_routed_whole', sql`(${t.organizationId} is null) = (${t.appId} is null)`),
  ],
);
