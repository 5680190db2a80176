DROP INDEX "carrier_outbox_waiting_idx";--> statement-breakpoint
DROP INDEX "carrier_outbox_pick_idx";--> statement-breakpoint
DROP INDEX "carrier_outbox_expiry_idx";--> statement-breakpoint
CREATE INDEX "carrier_outbox_pick_idx" ON "carrier_outbox" USING btree ("connector_id","next_at") WHERE state = 'queued' and claimed_by is null;--> statement-breakpoint
CREATE INDEX "carrier_outbox_expiry_idx" ON "carrier_outbox" USING btree ("expires_at") WHERE claimed_by is null;