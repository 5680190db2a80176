DROP INDEX "carrier_parts_message_uq";--> statement-breakpoint
DROP INDEX "carrier_receipts_match_idx";--> statement-breakpoint
DROP INDEX "carrier_receipts_pending_idx";--> statement-breakpoint
ALTER TABLE "connectors" ADD COLUMN "receipt_id_format" text DEFAULT 'exact' NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_parts" ADD COLUMN "receipt_key" text;--> statement-breakpoint
UPDATE "carrier_parts" SET "receipt_key" = "carrier_message_id";--> statement-breakpoint
ALTER TABLE "carrier_parts" ALTER COLUMN "receipt_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_receipts" ADD COLUMN "receipt_key" text;--> statement-breakpoint
UPDATE "carrier_receipts" SET "receipt_key" = "carrier_message_id";--> statement-breakpoint
ALTER TABLE "carrier_receipts" ALTER COLUMN "receipt_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "carrier_parts_receipt_idx" ON "carrier_parts" USING btree ("connector_id","receipt_key") WHERE stat is null;--> statement-breakpoint
CREATE INDEX "carrier_receipts_unmatched_idx" ON "carrier_receipts" USING btree ("received_at") WHERE applied_at is null;--> statement-breakpoint
CREATE INDEX "carrier_receipts_pending_idx" ON "carrier_receipts" USING btree ("connector_id","receipt_key") WHERE applied_at is null;