-- Exact sliding-window rate limiting (decisions D8), in one round trip.
-- A request is accepted when fewer than p_limit requests were accepted for
-- (app, bucket) in the window (now - p_window_s, now]. Rejected requests take
-- no slot; more than p_reject_max rejections of one app within the window
-- suspend that app for p_suspend_s seconds (1302). p_now NULL = the database clock,
-- so that every web instance shares one clock as well as one window.
CREATE OR REPLACE FUNCTION rl_take(
  p_app text,
  p_bucket text,
  p_limit integer,
  p_now timestamptz DEFAULT NULL,
  p_window_s integer DEFAULT 60,
  p_reject_max integer DEFAULT 30,
  p_suspend_s integer DEFAULT 300
) RETURNS TABLE (allowed boolean, suspended boolean, remaining integer, reset_s integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz := COALESCE(p_now, clock_timestamp());
  v_window interval := make_interval(secs => p_window_s);
  v_until timestamptz;
  v_hits timestamptz[];
  v_rejected timestamptz[];
BEGIN
  SELECT s.suspended_until INTO v_until FROM rate_limit_suspensions s WHERE s.app_id = p_app;
  IF v_until IS NOT NULL AND v_until > v_now THEN
    RETURN QUERY SELECT false, true, 0, GREATEST(1, ceil(extract(epoch FROM v_until - v_now))::integer);
    RETURN;
  END IF;

  SELECT w.hits INTO v_hits FROM rate_limit_windows w
   WHERE w.app_id = p_app AND w.bucket = p_bucket FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO rate_limit_windows (app_id, bucket, hits) VALUES (p_app, p_bucket, '{}')
      ON CONFLICT (app_id, bucket) DO NOTHING;
    SELECT w.hits INTO v_hits FROM rate_limit_windows w
     WHERE w.app_id = p_app AND w.bucket = p_bucket FOR UPDATE;
  END IF;

  v_hits := ARRAY(SELECT h FROM unnest(v_hits) AS h WHERE h > v_now - v_window ORDER BY h);

  IF cardinality(v_hits) < p_limit THEN
    v_hits := v_hits || v_now;
    UPDATE rate_limit_windows w SET hits = v_hits WHERE w.app_id = p_app AND w.bucket = p_bucket;
    RETURN QUERY SELECT true, false, p_limit - cardinality(v_hits),
      GREATEST(1, ceil(extract(epoch FROM v_hits[1] + v_window - v_now))::integer);
    RETURN;
  END IF;

  INSERT INTO rate_limit_suspensions AS s (app_id, rejected) VALUES (p_app, ARRAY[v_now])
  ON CONFLICT (app_id) DO UPDATE
    SET rejected = ARRAY(SELECT r FROM unnest(s.rejected) AS r WHERE r > v_now - v_window ORDER BY r) || v_now
  RETURNING s.rejected INTO v_rejected;

  IF cardinality(v_rejected) > p_reject_max THEN
    UPDATE rate_limit_suspensions s
       SET suspended_until = v_now + make_interval(secs => p_suspend_s), rejected = '{}'
     WHERE s.app_id = p_app;
  END IF;

  RETURN QUERY SELECT false, false, 0,
    COALESCE(GREATEST(1, ceil(extract(epoch FROM v_hits[1] + v_window - v_now))::integer), p_window_s);
END
$$;
--> statement-breakpoint
-- The ledger is append-only: money movements are corrected by new rows, never edited.
CREATE OR REPLACE FUNCTION wallet_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_ledger is append-only (% refused)', TG_OP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_ledger_append_only
  BEFORE UPDATE OR DELETE ON wallet_ledger
  FOR EACH ROW EXECUTE FUNCTION wallet_ledger_append_only();
