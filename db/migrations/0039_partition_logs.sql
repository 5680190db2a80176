-- D24: webhook_attempts (by attempted_at) and carrier_receipts (by received_at) become tables partitioned by month.
-- The table as it is becomes the first partition, FROM (MINVALUE) TO a month boundary, attached without a scan when
-- a validated CHECK constraint proves its bounds: `npm run admin -- prepare-partitions` adds and validates it on a live
-- database beforehand (docs/operations.md, Retention and partitions), and its comment names the boundary; on a new or
-- small database this migration adds it here. The old rows keep their indexes (the parent's adopt them), their
-- primary key (a partition's own: a partitioned table's key would have to include the partition key) and their
-- foreign key. The sequence stays, owned by the new table, so ids go on.
CREATE OR REPLACE FUNCTION retention_ensure_partitions(p_table text, p_key text, p_now timestamptz, p_months_ahead integer)
RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
  v_target timestamptz := date_trunc('month', p_now, 'UTC') + make_interval(months => p_months_ahead + 1);
  v_from timestamptz;
  v_to timestamptz;
  v_name text;
BEGIN
  SELECT max(substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([^'']+)''\)')::timestamptz) INTO v_from
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = p_table::regclass;
  v_from := coalesce(v_from, date_trunc('month', p_now, 'UTC'));
  WHILE v_from < v_target LOOP
    v_to := date_trunc('month', v_from, 'UTC') + interval '1 month';
    v_name := p_table || '_p' || to_char(v_from AT TIME ZONE 'UTC', 'YYYYMM');
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', v_name, p_table);
    EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (id), ADD CONSTRAINT %I CHECK (%I >= %L AND %I < %L)',
                   v_name, v_name || '_bounds', p_key, v_from, p_key, v_to);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', p_table, v_name, v_from, v_to);
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', v_name, v_name || '_bounds');
    RETURN NEXT v_name;
    v_from := v_to;
  END LOOP;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  v_bound timestamptz;
BEGIN
  SELECT obj_description(c.oid, 'pg_constraint')::timestamptz INTO v_bound FROM pg_constraint c
   WHERE c.conrelid = 'webhook_attempts'::regclass AND c.conname = 'webhook_attempts_partition_bound' AND c.convalidated;
  IF v_bound IS NULL THEN
    v_bound := date_trunc('month', now(), 'UTC') + interval '1 month';
    ALTER TABLE webhook_attempts DROP CONSTRAINT IF EXISTS webhook_attempts_partition_bound;
    EXECUTE format('ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_partition_bound CHECK (attempted_at < %L)', v_bound);
  END IF;
  ALTER TABLE webhook_attempts RENAME TO webhook_attempts_legacy;
  ALTER INDEX webhook_attempts_pkey RENAME TO webhook_attempts_legacy_pkey;
  ALTER INDEX webhook_attempts_delivery_idx RENAME TO webhook_attempts_legacy_delivery_idx;
  CREATE TABLE webhook_attempts (
    id bigint DEFAULT nextval('webhook_attempts_id_seq') NOT NULL,
    delivery_id text NOT NULL,
    attempted_at timestamptz NOT NULL,
    status_code integer,
    latency_ms integer NOT NULL,
    error text,
    response_body text
  ) PARTITION BY RANGE (attempted_at);
  ALTER SEQUENCE webhook_attempts_id_seq OWNED BY webhook_attempts.id;
  ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_delivery_id_webhook_deliveries_id_fk
    FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries(id);
  CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts USING btree (delivery_id, attempted_at);
  EXECUTE format('ALTER TABLE webhook_attempts ATTACH PARTITION webhook_attempts_legacy FOR VALUES FROM (MINVALUE) TO (%L)', v_bound);
  ALTER TABLE webhook_attempts_legacy DROP CONSTRAINT webhook_attempts_partition_bound;
  PERFORM retention_ensure_partitions('webhook_attempts', 'attempted_at', now(), 4);
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  v_bound timestamptz;
BEGIN
  SELECT obj_description(c.oid, 'pg_constraint')::timestamptz INTO v_bound FROM pg_constraint c
   WHERE c.conrelid = 'carrier_receipts'::regclass AND c.conname = 'carrier_receipts_partition_bound' AND c.convalidated;
  IF v_bound IS NULL THEN
    v_bound := date_trunc('month', now(), 'UTC') + interval '1 month';
    ALTER TABLE carrier_receipts DROP CONSTRAINT IF EXISTS carrier_receipts_partition_bound;
    EXECUTE format('ALTER TABLE carrier_receipts ADD CONSTRAINT carrier_receipts_partition_bound CHECK (received_at < %L)', v_bound);
  END IF;
  ALTER TABLE carrier_receipts RENAME TO carrier_receipts_legacy;
  ALTER INDEX carrier_receipts_pkey RENAME TO carrier_receipts_legacy_pkey;
  ALTER INDEX carrier_receipts_pending_idx RENAME TO carrier_receipts_legacy_pending_idx;
  ALTER INDEX carrier_receipts_unmatched_idx RENAME TO carrier_receipts_legacy_unmatched_idx;
  CREATE TABLE carrier_receipts (
    id bigint DEFAULT nextval('carrier_receipts_id_seq') NOT NULL,
    connector_id text NOT NULL,
    carrier_message_id text NOT NULL,
    stat text NOT NULL,
    err text,
    received_at timestamptz DEFAULT now() NOT NULL,
    applied_at timestamptz,
    receipt_key text NOT NULL
  ) PARTITION BY RANGE (received_at);
  ALTER SEQUENCE carrier_receipts_id_seq OWNED BY carrier_receipts.id;
  CREATE INDEX carrier_receipts_pending_idx ON carrier_receipts USING btree (connector_id, receipt_key) WHERE applied_at IS NULL;
  CREATE INDEX carrier_receipts_unmatched_idx ON carrier_receipts USING btree (received_at) WHERE applied_at IS NULL;
  EXECUTE format('ALTER TABLE carrier_receipts ATTACH PARTITION carrier_receipts_legacy FOR VALUES FROM (MINVALUE) TO (%L)', v_bound);
  ALTER TABLE carrier_receipts_legacy DROP CONSTRAINT carrier_receipts_partition_bound;
  PERFORM retention_ensure_partitions('carrier_receipts', 'received_at', now(), 4);
END;
$$;
--> statement-breakpoint
-- D24: what the last partition maintenance did (db/schema/retention-state.ts).
CREATE TABLE "retention_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_cutoff" timestamp with time zone NOT NULL,
	"last_created" text[] NOT NULL,
	"last_dropped" text[] NOT NULL,
	"dropped_total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "retention_state_one_row" CHECK ("retention_state"."id")
);
