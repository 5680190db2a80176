-- The live definition of retention_ensure_partitions(), as the latest migration that defines it
-- (0044_partition_recipients.sql) creates it. Change it here and in a new migration together:
-- db/functions/functions.test.ts holds the two equal.
-- D24: makes sure the monthly partitions of a partitioned table cover every month (UTC) up to the end of the month
-- p_months_ahead after p_now's, from the newest partition's upper bound on (or from p_now's month when the table has
-- none). A table partitioned by a timestamp gets one partition per month of it; one partitioned by a bigint recipient
-- id gets one per month's block of ids (recipient_id_month), never for a month already past (no id is written there).
-- Each new partition is built beside the table, with the newest partition's storage parameters (fillfactor,
-- autovacuum), its own primary key on id when the parent has none, and a check of its bounds; then attached: an attach
-- takes only SHARE UPDATE EXCLUSIVE on the table, so sends and readers go on, and the check makes the attach skip its
-- scan. Returns the partitions it created (idempotent: none when they exist).
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
