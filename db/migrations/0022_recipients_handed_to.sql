ALTER TABLE "message_recipients" ADD COLUMN "handed_to" text;--> statement-breakpoint
-- Recipients already with a carrier: those in the outbox are the SMPP connectors'; sent ones outside it went to the
-- simulator. Processing ones outside it stay null: their dispatch's carrier_submit job routes them (carrier-steps.ts).
UPDATE "message_recipients" r SET "handed_to" = CASE WHEN EXISTS (SELECT 1 FROM "carrier_outbox" o WHERE o."recipient_id" = r."id") THEN 'smpp' ELSE 'simulator' END
 WHERE r."state" = 'sent' OR (r."state" = 'processing' AND EXISTS (SELECT 1 FROM "carrier_outbox" o WHERE o."recipient_id" = r."id"));--> statement-breakpoint
-- Rows handed to a connector wake its owner when the transaction commits (LISTEN carrier_outbox, payload: the
-- connector id; Postgres sends one notification per distinct payload per transaction). A statement-level trigger:
-- one notification per connector per statement, whatever the number of rows.
CREATE FUNCTION "carrier_outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carrier_outbox', s.connector_id) FROM (SELECT DISTINCT connector_id FROM added) s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "carrier_outbox_added" AFTER INSERT ON "carrier_outbox" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "carrier_outbox_notify"();
