-- The live definition of retention_ensure_partitions(), as the latest migration that defines it (0039_partition_logs.sql)
-- creates it. Change it here and in a new migration together: db/functions/functions.test.ts holds the two equal.
-- D24: makes sure the monthly partitions (UTC months) of a log table partitioned by a timestamp range cover every
-- instant up to the end of the month p_months_ahead after p_now's, from the newest partition's upper bound on (or from
-- p_now's month when the table has none). Each new partition is built beside the table (its primary key on id, a
-- check of its bounds) and then attached: an attach takes only SHARE UPDATE EXCLUSIVE on the table, so sends and
-- readers go on, and the check makes the attach skip its scan. Returns the partitions it created (idempotent: none
-- when they exist).
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
