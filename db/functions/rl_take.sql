-- The live definition of rl_take(), as the latest migration that defines it (0005_rate_limit_hits.sql) creates it.
-- Change it here and in a new migration together: db/functions/functions.test.ts holds the two equal.
-- Migration 0050 runs it with sequential scans off (ALTER FUNCTION ... SET enable_seqscan = off): its reads of
-- rate_limit_hits take the window index even on statistics from an empty table (a new installation).
-- Exact sliding-window rate limiting (decisions D8), in one round trip, as in
-- 0001 but on rows: the window row is locked, the hits that left the window
-- are deleted (amortized one row per accepted request), one row is added per
-- accepted request, and `live` counts what is left. A take costs the same
-- whatever the limit. Rejected requests take no slot; more than p_reject_max
-- rejections of one app within the window suspend it for p_suspend_s seconds
-- (1302). p_now NULL = the database clock, shared by every web instance.
CREATE OR REPLACE FUNCTION rl_take(
  p_app text, p_bucket text, p_limit integer, p_now timestamptz DEFAULT NULL,
  p_window_s integer DEFAULT 60, p_reject_max integer DEFAULT 30, p_suspend_s integer DEFAULT 300
) RETURNS TABLE (allowed boolean, suspended boolean, remaining integer, reset_s integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := COALESCE(p_now, clock_timestamp());
  v_window interval := make_interval(secs => p_window_s);
  v_until timestamptz;
  v_live integer;
  v_expired integer;
  v_oldest timestamptz;
  v_rejected timestamptz[];
BEGIN
  SELECT s.suspended_until INTO v_until FROM rate_limit_suspensions s WHERE s.app_id = p_app;
  IF v_until IS NOT NULL AND v_until > v_now THEN
    RETURN QUERY SELECT false, true, 0, GREATEST(1, ceil(extract(epoch FROM v_until - v_now))::integer);
    RETURN;
  END IF;

  SELECT w.live INTO v_live FROM rate_limit_windows w WHERE w.app_id = p_app AND w.bucket = p_bucket FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO rate_limit_windows (app_id, bucket) VALUES (p_app, p_bucket) ON CONFLICT (app_id, bucket) DO NOTHING;
    SELECT w.live INTO v_live FROM rate_limit_windows w WHERE w.app_id = p_app AND w.bucket = p_bucket FOR UPDATE;
  END IF;

  DELETE FROM rate_limit_hits h WHERE h.app_id = p_app AND h.bucket = p_bucket AND h.at <= v_now - v_window;
  GET DIAGNOSTICS v_expired = ROW_COUNT;
  v_live := v_live - v_expired;

  IF v_live < p_limit THEN
    INSERT INTO rate_limit_hits (app_id, bucket, at) VALUES (p_app, p_bucket, v_now);
    v_live := v_live + 1;
    UPDATE rate_limit_windows w SET live = v_live WHERE w.app_id = p_app AND w.bucket = p_bucket;
    SELECT h.at INTO v_oldest FROM rate_limit_hits h WHERE h.app_id = p_app AND h.bucket = p_bucket ORDER BY h.at LIMIT 1;
    RETURN QUERY SELECT true, false, p_limit - v_live, GREATEST(1, ceil(extract(epoch FROM v_oldest + v_window - v_now))::integer);
    RETURN;
  END IF;
  IF v_expired > 0 THEN
    UPDATE rate_limit_windows w SET live = v_live WHERE w.app_id = p_app AND w.bucket = p_bucket;
  END IF;
  SELECT h.at INTO v_oldest FROM rate_limit_hits h WHERE h.app_id = p_app AND h.bucket = p_bucket ORDER BY h.at LIMIT 1;

  INSERT INTO rate_limit_suspensions AS s (app_id, rejected) VALUES (p_app, ARRAY[v_now])
  ON CONFLICT (app_id) DO UPDATE
    SET rejected = ARRAY(SELECT r FROM unnest(s.rejected) AS r WHERE r > v_now - v_window ORDER BY r) || v_now
  RETURNING s.rejected INTO v_rejected;
  IF cardinality(v_rejected) > p_reject_max THEN
    UPDATE rate_limit_suspensions s SET suspended_until = v_now + make_interval(secs => p_suspend_s), rejected = '{}' WHERE s.app_id = p_app;
  END IF;
  RETURN QUERY SELECT false, false, 0, GREATEST(1, COALESCE(ceil(extract(epoch FROM v_oldest + v_window - v_now))::integer, p_window_s));
END
$$;
