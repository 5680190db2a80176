-- D24: webhook_events and webhook_deliveries become tables partitioned by month of a new column, partition_month, as
-- 0039 and 0041 did for the logs and the MO: the table as it is becomes the first partition, FROM (MINVALUE) TO a month
-- boundary, attached without a scan when a validated CHECK constraint proves its bounds (scripts/prepare-partitions.sql
-- adds the column and the constraint and validates it on a live database beforehand, its comment naming the boundary,
-- and builds CONCURRENTLY the events' unique indexes widened by the key); on a new or small database this migration
-- does it here. partition_month is the first instant (UTC) of the month that decides the row's retention, a pure
-- function of the event's subject (db/schema/webhook-events.ts says which), so that an event a retried job emits again
-- computes the same key and still meets the unique indexes, which must hold the partition key and so become
-- (recipient_id, event_type, partition_month), (message_id, partition_month), (inbound_id, partition_month). A delivery
-- carries its event's. Rows from before this migration read January 2000, the month recipient_id_month() gives the
-- recipient ids from before the partitioning: all in the first partition, and an event of such a recipient emitted
-- again finds its key. The old rows keep their primary key (a partition's own: one on the parent would have to hold
-- partition_month), their other indexes (the parent's adopt them) and their checks; the narrower unique indexes go.
-- The foreign keys webhook_deliveries.event_id -> webhook_events.id and webhook_attempts.delivery_id ->
-- webhook_deliveries.id go too: a foreign key to a partitioned table must hold its partition key. As for a send's rows
-- (0036), their writers are the only check needed: a delivery is written with its event by the emitters, in the
-- event's transaction (or by a replay, which reads the event first), and an attempt by the delivery loop for a delivery
-- it leased; all of an event's rows share its month and are dropped together.
DO $$
DECLARE
  v_fk record;
BEGIN
  FOR v_fk IN
    SELECT conrelid::regclass AS t, conname FROM pg_constraint
     WHERE contype = 'f' AND conparentid = 0 AND confrelid IN ('webhook_events'::regclass, 'webhook_deliveries'::regclass)
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', v_fk.t, v_fk.conname);
  END LOOP;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  v_bound timestamptz;
  v_index text;
BEGIN
  ALTER TABLE webhook_events ADD COLUMN IF NOT EXISTS partition_month timestamptz NOT NULL DEFAULT '2000-01-01 00:00:00+00';
  SELECT obj_description(c.oid, 'pg_constraint')::timestamptz INTO v_bound FROM pg_constraint c
   WHERE c.conrelid = 'webhook_events'::regclass AND c.conname = 'webhook_events_partition_bound' AND c.convalidated;
  IF v_bound IS NULL THEN
    v_bound := date_trunc('month', now(), 'UTC') + interval '1 month';
    ALTER TABLE webhook_events DROP CONSTRAINT IF EXISTS webhook_events_partition_bound;
    EXECUTE format('ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_partition_bound CHECK (partition_month < %L)', v_bound);
  END IF;
  -- the unique indexes the script built ahead (an unfinished build is invalid: dropped, the attach builds it again)
  FOR v_index IN
    SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'webhook_events'::regclass AND NOT i.indisvalid
  LOOP
    EXECUTE format('DROP INDEX %I', v_index);
  END LOOP;
  ALTER TABLE webhook_events RENAME TO webhook_events_legacy;
  ALTER INDEX webhook_events_pkey RENAME TO webhook_events_legacy_pkey;
  ALTER INDEX webhook_events_message_idx RENAME TO webhook_events_legacy_message_idx;
  ALTER INDEX webhook_events_org_idx RENAME TO webhook_events_legacy_org_idx;
  ALTER INDEX webhook_events_terminal_tx_idx RENAME TO webhook_events_legacy_terminal_tx_idx;
  DROP INDEX IF EXISTS webhook_events_recipient_type_uq;
  DROP INDEX IF EXISTS webhook_events_queued_uq;
  DROP INDEX IF EXISTS webhook_events_received_uq;
  ALTER INDEX IF EXISTS webhook_events_recipient_type_month_uq RENAME TO webhook_events_legacy_recipient_type_uq;
  ALTER INDEX IF EXISTS webhook_events_queued_month_uq RENAME TO webhook_events_legacy_queued_uq;
  ALTER INDEX IF EXISTS webhook_events_received_month_uq RENAME TO webhook_events_legacy_received_uq;
  CREATE TABLE webhook_events (
    id uuid NOT NULL,
    organization_id text NOT NULL,
    app_id text NOT NULL,
    message_id text,
    dispatch_id text,
    recipient_id bigint,
    event_type text NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamptz DEFAULT now() NOT NULL,
    inbound_id text,
    tx xid8 DEFAULT pg_current_xact_id(),
    partition_month timestamptz NOT NULL,
    CONSTRAINT webhook_events_subject CHECK (
      (event_type IN ('sms.queued', 'sms.processing', 'sms.sent', 'sms.delivered', 'sms.failed') AND message_id IS NOT NULL)
      OR (event_type = 'sms.received' AND inbound_id IS NOT NULL AND message_id IS NULL)
      OR (event_type IN ('contact.opted_out', 'contact.opted_in', 'sender_id.approved', 'sender_id.rejected', 'sender_id.revoked',
                         'wallet.low_balance')
          AND message_id IS NULL AND inbound_id IS NULL))
  ) PARTITION BY RANGE (partition_month);
  CREATE UNIQUE INDEX webhook_events_recipient_type_uq ON webhook_events USING btree (recipient_id, event_type, partition_month) WHERE recipient_id IS NOT NULL;
  CREATE UNIQUE INDEX webhook_events_queued_uq ON webhook_events USING btree (message_id, partition_month) WHERE event_type = 'sms.queued';
  CREATE UNIQUE INDEX webhook_events_received_uq ON webhook_events USING btree (inbound_id, partition_month) WHERE event_type = 'sms.received';
  CREATE INDEX webhook_events_message_idx ON webhook_events USING btree (message_id, created_at);
  CREATE INDEX webhook_events_org_idx ON webhook_events USING btree (organization_id, created_at);
  CREATE INDEX webhook_events_terminal_tx_idx ON webhook_events USING btree (tx) WHERE event_type IN ('sms.delivered', 'sms.failed');
  EXECUTE format('ALTER TABLE webhook_events ATTACH PARTITION webhook_events_legacy FOR VALUES FROM (MINVALUE) TO (%L)', v_bound);
  ALTER TABLE webhook_events_legacy DROP CONSTRAINT webhook_events_partition_bound;
  -- no default: every writer names the month (a forgotten one fails at once rather than landing in this partition)
  ALTER TABLE webhook_events_legacy ALTER COLUMN partition_month DROP DEFAULT;
  PERFORM retention_ensure_partitions('webhook_events', 'partition_month', now(), 4);
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  v_bound timestamptz;
BEGIN
  ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS partition_month timestamptz NOT NULL DEFAULT '2000-01-01 00:00:00+00';
  SELECT obj_description(c.oid, 'pg_constraint')::timestamptz INTO v_bound FROM pg_constraint c
   WHERE c.conrelid = 'webhook_deliveries'::regclass AND c.conname = 'webhook_deliveries_partition_bound' AND c.convalidated;
  IF v_bound IS NULL THEN
    v_bound := date_trunc('month', now(), 'UTC') + interval '1 month';
    ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_partition_bound;
    EXECUTE format('ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_partition_bound CHECK (partition_month < %L)', v_bound);
  END IF;
  ALTER TABLE webhook_deliveries RENAME TO webhook_deliveries_legacy;
  ALTER INDEX webhook_deliveries_pkey RENAME TO webhook_deliveries_legacy_pkey;
  ALTER INDEX webhook_deliveries_due_idx RENAME TO webhook_deliveries_legacy_due_idx;
  ALTER INDEX webhook_deliveries_event_idx RENAME TO webhook_deliveries_legacy_event_idx;
  ALTER INDEX webhook_deliveries_org_idx RENAME TO webhook_deliveries_legacy_org_idx;
  ALTER INDEX webhook_deliveries_pending_org_idx RENAME TO webhook_deliveries_legacy_pending_org_idx;
  ALTER INDEX webhook_deliveries_leased_idx RENAME TO webhook_deliveries_legacy_leased_idx;
  CREATE TABLE webhook_deliveries (
    id text NOT NULL,
    event_id uuid NOT NULL,
    organization_id text NOT NULL,
    app_id text NOT NULL,
    url text NOT NULL,
    use_basic_auth boolean DEFAULT false NOT NULL,
    state text DEFAULT 'pending' NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamptz,
    locked_until timestamptz,
    last_status_code integer,
    last_error text,
    created_at timestamptz DEFAULT now() NOT NULL,
    updated_at timestamptz DEFAULT now() NOT NULL,
    partition_month timestamptz NOT NULL
  ) PARTITION BY RANGE (partition_month);
  CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries USING btree (state, next_attempt_at);
  CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries USING btree (event_id);
  CREATE INDEX webhook_deliveries_org_idx ON webhook_deliveries USING btree (organization_id, created_at);
  CREATE INDEX webhook_deliveries_pending_org_idx ON webhook_deliveries USING btree (organization_id, next_attempt_at, id) WHERE state = 'pending';
  CREATE INDEX webhook_deliveries_leased_idx ON webhook_deliveries USING btree (organization_id) WHERE state = 'pending' AND locked_until IS NOT NULL;
  EXECUTE format('ALTER TABLE webhook_deliveries ATTACH PARTITION webhook_deliveries_legacy FOR VALUES FROM (MINVALUE) TO (%L)', v_bound);
  ALTER TABLE webhook_deliveries_legacy DROP CONSTRAINT webhook_deliveries_partition_bound;
  ALTER TABLE webhook_deliveries_legacy ALTER COLUMN partition_month DROP DEFAULT;
  PERFORM retention_ensure_partitions('webhook_deliveries', 'partition_month', now(), 4);
END;
$$;
