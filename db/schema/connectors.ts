import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BIND_MODE_VALUES, CONNECTOR_KIND_VALUES, LONG_METHOD_VALUES, RECEIPT_ID_FORMAT_VALUES } from '../../shared/contracts/connectors';
import { createdAt, idColumn, updatedAt } from './_columns';

export type LongMethod = (typeof LONG_METHOD_VALUES)[number];
/** How a receipt's message id relates to the submit_sm_resp id (D14): one convention per SMSC. */
export type ReceiptIdFormat = (typeof RECEIPT_ID_FORMAT_VALUES)[number];

/** An operator-managed carrier connector (D14). The password is AES-256-GCM ciphertext (server/lib/crypto.ts). */
export const connectors = pgTable(
  'connectors',
  {
    id: idColumn(),
    name: text('name').notNull(),
    kind: text('kind', { enum: CONNECTOR_KIND_VALUES }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    host: text('host').notNull().default(''),
    port: integer('port').notNull().default(2775),
    tls: boolean('tls').notNull().default(false),
    systemId: text('system_id').notNull().default(''),
    passwordEnc: text('password_enc'),
    systemType: text('system_type').notNull().default(''),
    /** `transceiver`, or `split` = one transmitter + one receiver per session. */
    bindMode: text('bind_mode', { enum: BIND_MODE_VALUES }).notNull().default('transceiver'),
    sessions: integer('sessions').notNull().default(1),
    /** The most unacknowledged submit_sm per session. */
    window: integer('window').notNull().default(10),
    /** Max submit_sm per second for the whole connector, across every worker process. */
    tps: integer('tps').notNull().default(100),
    sourceTon: integer('source_ton').notNull().default(5),
    sourceNpi: integer('source_npi').notNull().default(0),
    destTon: integer('dest_ton').notNull().default(1),
    destNpi: integer('dest_npi').notNull().default(1),
    /** data_coding for GSM text: 0 (SMSC default alphabet, unpacked septets) or 3 (Latin-1). */
    gsmCoding: integer('gsm_coding').notNull().default(0),
    longMethod: text('long_method', { enum: LONG_METHOD_VALUES }).notNull().default('udh'),
    /** `exact`, or `hex-to-dec` (submit_sm_resp ids hexadecimal, receipts decimal) or `dec-to-hex` (the reverse). */
    receiptIdFormat: text('receipt_id_format', { enum: RECEIPT_ID_FORMAT_VALUES }).notNull().default('exact'),
    validityS: integer('validity_s').notNull().default(172800),
    enquireLinkS: integer('enquire_link_s').notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('connectors_name_uq').on(t.name)],
);
export type ConnectorRow = typeof connectors.$inferSelect;
