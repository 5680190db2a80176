CREATE INDEX "carrier_outbox_sent_due_idx" ON "carrier_outbox" USING btree ("connector_id","next_at") WHERE state = 'sent';--> statement-breakpoint
ALTER TABLE "message_recipients" DROP COLUMN "handed_to";
--> statement-breakpoint
-- D11/D14 (amended): the simulator is a connector like any other, fed from carrier_outbox.
INSERT INTO "connectors" ("id", "name", "kind") VALUES ('con_simulator', 'simulator', 'simulator')
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
-- Recipients the simulator held outside the outbox when this runs (its own jobs drove them): processing ones wait
-- in its queue, sent ones wait for a receipt (until CARRIER_SIM_VALIDITY_S's default, 60 s, from now).
INSERT INTO "carrier_outbox" ("recipient_id", "dispatch_id", "state", "route", "connector_id", "expires_at", "next_at")
SELECT r."id", r."dispatch_id", CASE WHEN r."state" = 'sent' THEN 'sent' ELSE 'queued' END, ARRAY[k."id"], k."id",
       CASE WHEN r."state" = 'sent' THEN now() + interval '60 seconds' ELSE now() + make_interval(secs => k."validity_s") END, now()
  FROM "message_recipients" r CROSS JOIN "connectors" k
 WHERE k."name" = 'simulator' AND r."state" IN ('processing', 'sent')
   AND NOT EXISTS (SELECT 1 FROM "carrier_outbox" o WHERE o."recipient_id" = r."id")
ON CONFLICT DO NOTHING;
