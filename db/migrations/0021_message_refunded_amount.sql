ALTER TABLE "messages" ADD COLUMN "refunded_amount" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Sends refunded before this column existed (cancel and resume, D6): what their refund rows hold.
UPDATE "messages" m SET "refunded_amount" = r.amount
  FROM (SELECT "message_id", sum("amount") AS amount FROM "wallet_ledger"
         WHERE "entry_type" = 'refund' AND "message_id" IS NOT NULL GROUP BY "message_id") r
 WHERE m."id" = r."message_id";
