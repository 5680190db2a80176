-- D24: a send's text moves off its `messages` row (kept for ever, for the send's totals) into message_texts,
-- partitioned by the send's first recipient id with message_recipients' bounds, so that the retention drops a month's
-- texts with that month's recipients, a partition at a time. A send keeps the key on its row
-- (messages.first_recipient_id). Sends accepted before this migration keep their text on their row (body is no
-- longer NOT NULL, and null for every send from here): nothing is copied, so the migration is catalog changes only.
CREATE TABLE "message_texts" (
	"message_id" text NOT NULL,
	"first_recipient_id" bigint NOT NULL,
	"body" text NOT NULL,
	"original_body" text,
	CONSTRAINT "message_texts_message_id_first_recipient_id_pk" PRIMARY KEY("message_id","first_recipient_id")
) PARTITION BY RANGE ("first_recipient_id");
--> statement-breakpoint
-- one partition for each of message_recipients', with its bounds (the retention drops them together, and the
-- maintenance makes the months ahead for both)
DO $$
DECLARE
  p record;
BEGIN
  FOR p IN SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
             FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'message_recipients'::regclass
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF message_texts %s', regexp_replace(p.name, '^message_recipients', 'message_texts'), p.bound);
  END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "first_recipient_id" bigint;
