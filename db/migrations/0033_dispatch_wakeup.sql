-- An immediate send's dispatch (no moment: dispatch_at null) is queued as a `scheduled` row, not given a job: its
-- insert wakes the workers' dispatch loops when the transaction commits (LISTEN message_dispatches; Postgres sends
-- one notification per distinct payload per transaction). A statement-level trigger: one notification per statement,
-- whatever the number of rows. Timed dispatches keep their graphile-worker job, run at their moment.
CREATE FUNCTION "message_dispatches_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM added WHERE dispatch_at IS NULL AND state = 'scheduled') THEN
    PERFORM pg_notify('message_dispatches', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "message_dispatches_added" AFTER INSERT ON "message_dispatches" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "message_dispatches_notify"();
