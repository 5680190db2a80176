-- D24: message_recipients and carrier_parts become tables partitioned by recipient id range, one partition per
-- month's block of ids (recipient_id_month, migration 0043: block k is [k x 2^40, (k+1) x 2^40) and names the k-th
-- month after January 2000). The partition maintenance moves message_recipients_id_seq to the current month's block,
-- so a month of recipients and their carrier parts is one partition of each, dropped whole after RETENTION_DAYS.
-- The tables as they are become block 0, FROM (MINVALUE) TO (2^40): every id written before is below 2^40. The
-- attach reads no row when a validated CHECK constraint proves it, and the NOT NULL of organization_id (migration
-- 0040's check, validated) needs no scan either: `scripts/prepare-partitions.sql` adds and validates both on a live
-- database beforehand (docs/operations.md, Retention and partitions); on a new or small database this migration does.
-- The primary keys stay on the parents (they contain the partition key), and the old tables' indexes are attached
-- to the parents' as they are, never rebuilt. retention_ensure_partitions learns id blocks, and gives each new
-- partition the storage parameters (fillfactor, autovacuum, migrations 0019 and 0042) of the newest one.
CREATE OR REPLACE FUNCTION retention_ensure_partitions(p_table text, p_key text, p_now timestamptz, p_months_ahead integer)
RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
  v_month timestamp := date_trunc('month', p_now AT TIME ZONE 'UTC');
  v_target timestamp := v_month + make_interval(months => p_months_ahead + 1);
  v_by_id boolean;
  v_newest oid;
  v_upper text;
  v_from timestamp;
  v_to timestamp;
  v_lo text;
  v_hi text;
  v_name text;
  v_with text;
  v_own_key boolean;
BEGIN
  SELECT a.atttypid = 'bigint'::regtype INTO v_by_id FROM pg_attribute a
   WHERE a.attrelid = p_table::regclass AND a.attname = p_key;
  SELECT c.oid, substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([^'']+)''\)') INTO v_newest, v_upper
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = p_table::regclass
   ORDER BY CASE WHEN v_by_id THEN substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([^'']+)''\)')::numeric END DESC NULLS LAST,
            CASE WHEN NOT v_by_id THEN substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([^'']+)''\)')::timestamptz END DESC NULLS LAST
   LIMIT 1;
  IF v_by_id THEN
    v_from := greatest(timestamp '2000-01-01' + make_interval(months => coalesce((v_upper::bigint >> 40)::int, 0)), v_month);
  ELSE
    v_from := coalesce(v_upper::timestamptz AT TIME ZONE 'UTC', v_month);
  END IF;
  SELECT ' WITH (' || array_to_string(reloptions, ', ') || ')' INTO v_with FROM pg_class WHERE oid = v_newest AND reloptions IS NOT NULL;
  v_own_key := NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = p_table::regclass AND contype = 'p');
  WHILE v_from < v_target LOOP
    v_to := date_trunc('month', v_from) + interval '1 month';
    IF v_by_id THEN
      v_lo := (((extract(year FROM v_from)::int - 2000) * 12 + extract(month FROM v_from)::int - 1)::bigint << 40)::text;
      v_hi := (((extract(year FROM v_to)::int - 2000) * 12 + extract(month FROM v_to)::int - 1)::bigint << 40)::text;
    ELSE
      v_lo := (v_from AT TIME ZONE 'UTC')::text;
      v_hi := (v_to AT TIME ZONE 'UTC')::text;
    END IF;
    v_name := p_table || '_p' || to_char(v_from, 'YYYYMM');
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)%s', v_name, p_table, coalesce(v_with, ''));
    IF v_own_key THEN
      EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (id)', v_name);
    END IF;
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (%I >= %L AND %I < %L)', v_name, v_name || '_bounds', p_key, v_lo, p_key, v_hi);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', p_table, v_name, v_lo, v_hi);
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', v_name, v_name || '_bounds');
    RETURN NEXT v_name;
    v_from := v_to;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- A send's dispatch keeps the id of its first recipient row: the statements that read a dispatch's recipients bound
-- the ids from it and so read one or two partitions (a send's rows are one statement's, within two adjacent blocks at
-- most when the block moves while it runs). Null for the dispatches written before: they read every partition.
ALTER TABLE message_dispatches ADD COLUMN first_recipient_id bigint;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint
                  WHERE conrelid = 'message_recipients'::regclass AND conname = 'message_recipients_partition_bound' AND convalidated) THEN
    ALTER TABLE message_recipients DROP CONSTRAINT IF EXISTS message_recipients_partition_bound;
    ALTER TABLE message_recipients ADD CONSTRAINT message_recipients_partition_bound CHECK (id < 1099511627776);
  END IF;
  IF EXISTS (SELECT 1 FROM pg_constraint
              WHERE conrelid = 'message_recipients'::regclass AND conname = 'message_recipients_organization_id_not_null' AND NOT convalidated) THEN
    ALTER TABLE message_recipients VALIDATE CONSTRAINT message_recipients_organization_id_not_null;
  END IF;
  ALTER TABLE message_recipients ALTER COLUMN organization_id SET NOT NULL;
  ALTER TABLE message_recipients DROP CONSTRAINT message_recipients_organization_id_not_null;
  ALTER TABLE message_recipients RENAME TO message_recipients_legacy;
  ALTER INDEX message_recipients_pkey RENAME TO message_recipients_legacy_pkey;
  ALTER INDEX message_recipients_dispatch_idx RENAME TO message_recipients_legacy_dispatch_idx;
  ALTER INDEX message_recipients_message_idx RENAME TO message_recipients_legacy_message_idx;
  ALTER INDEX message_recipients_message_id_idx RENAME TO message_recipients_legacy_message_id_idx;
  ALTER INDEX message_recipients_org_phone_idx RENAME TO message_recipients_legacy_org_phone_idx;
  CREATE TABLE message_recipients (
    id bigint DEFAULT nextval('message_recipients_id_seq') NOT NULL,
    message_id text NOT NULL,
    dispatch_id text NOT NULL,
    "position" integer NOT NULL,
    phone text NOT NULL,
    price numeric(18,4) NOT NULL,
    pricing_row_id text,
    state text DEFAULT 'pending' NOT NULL,
    carrier text,
    error_code text,
    error_message text,
    sent_at timestamptz,
    done_at timestamptz,
    updated_at timestamptz DEFAULT now() NOT NULL,
    carrier_message_id text,
    organization_id text NOT NULL
  ) PARTITION BY RANGE (id);
  ALTER SEQUENCE message_recipients_id_seq OWNED BY message_recipients.id;
  ALTER TABLE message_recipients_legacy ALTER COLUMN id DROP DEFAULT;
  ALTER TABLE message_recipients ADD CONSTRAINT message_recipients_pkey PRIMARY KEY (id);
  CREATE INDEX message_recipients_dispatch_idx ON message_recipients USING btree (dispatch_id);
  CREATE INDEX message_recipients_message_idx ON message_recipients USING btree (message_id, phone);
  CREATE INDEX message_recipients_message_id_idx ON message_recipients USING btree (message_id, id);
  CREATE INDEX message_recipients_org_phone_idx ON message_recipients USING btree (organization_id, phone);
  ALTER TABLE message_recipients ATTACH PARTITION message_recipients_legacy FOR VALUES FROM (MINVALUE) TO ('1099511627776');
  ALTER TABLE message_recipients_legacy DROP CONSTRAINT message_recipients_partition_bound;
  PERFORM retention_ensure_partitions('message_recipients', 'id', now(), 4);
END;
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint
                  WHERE conrelid = 'carrier_parts'::regclass AND conname = 'carrier_parts_partition_bound' AND convalidated) THEN
    ALTER TABLE carrier_parts DROP CONSTRAINT IF EXISTS carrier_parts_partition_bound;
    ALTER TABLE carrier_parts ADD CONSTRAINT carrier_parts_partition_bound CHECK (recipient_id < 1099511627776);
  END IF;
  ALTER TABLE carrier_parts RENAME TO carrier_parts_legacy;
  ALTER INDEX carrier_parts_recipient_id_connector_id_part_no_pk RENAME TO carrier_parts_legacy_pkey;
  ALTER INDEX carrier_parts_receipt_idx RENAME TO carrier_parts_legacy_receipt_idx;
  CREATE TABLE carrier_parts (
    recipient_id bigint NOT NULL,
    connector_id text NOT NULL,
    part_no integer NOT NULL,
    parts_total integer NOT NULL,
    carrier_message_id text NOT NULL,
    stat text,
    err text,
    accepted_at timestamptz DEFAULT now() NOT NULL,
    receipt_key text NOT NULL
  ) PARTITION BY RANGE (recipient_id);
  ALTER TABLE carrier_parts ADD CONSTRAINT carrier_parts_recipient_id_connector_id_part_no_pk PRIMARY KEY (recipient_id, connector_id, part_no);
  CREATE INDEX carrier_parts_receipt_idx ON carrier_parts USING btree (connector_id, receipt_key) WHERE stat IS NULL;
  ALTER TABLE carrier_parts ATTACH PARTITION carrier_parts_legacy FOR VALUES FROM (MINVALUE) TO ('1099511627776');
  ALTER TABLE carrier_parts_legacy DROP CONSTRAINT carrier_parts_partition_bound;
  PERFORM retention_ensure_partitions('carrier_parts', 'recipient_id', now(), 4);
END;
$$;
--> statement-breakpoint
-- New recipient ids start at the current month's block (the maintenance moves it forward each month).
SELECT setval('message_recipients_id_seq', ((extract(year FROM now() AT TIME ZONE 'UTC')::int - 2000) * 12
                                            + extract(month FROM now() AT TIME ZONE 'UTC')::int - 1)::bigint << 40, false);
--> statement-breakpoint
-- The receipts' partitions take the autovacuum settings of migration 0042 (each receipt is updated once, when it is
-- applied); the partitions made from now on copy them from the newest.
DO $$
DECLARE
  v_name text;
BEGIN
  FOR v_name IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'carrier_receipts'::regclass LOOP
    EXECUTE format('ALTER TABLE %I SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 5000)', v_name);
  END LOOP;
END;
$$;
