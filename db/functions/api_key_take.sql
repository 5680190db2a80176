-- The live definition of api_key_take(), as the latest migration that defines it (0034_key_take_smart_encoding.sql) creates it.
-- Change it here and in a new migration together: db/functions/functions.test.ts holds the two equal.
-- The REST hot path in one round trip: the app of an API-key digest, its
-- organization's settings (its smart encoding, D21, among them), and (only for an allowed key of this deployment's
-- environment) a slot of the request's rate-limit bucket (rl_take, D8) with
-- the app's override or the default size. No row: unknown digest. Slot
-- columns NULL: no slot was asked for or taken (the caller answers the key's
-- status error, or the environment mismatch, without spending a slot).
-- Call it alone (autocommit): its transaction commits without waiting for the
-- WAL flush. A window is a throttle, not a record: a crash of the database
-- may forget the hits of its last moments (a key gets a few more requests
-- right after a crash), and no request waits for a disk flush to be counted.
CREATE OR REPLACE FUNCTION api_key_take(
  p_digest text,
  p_environment text,
  p_bucket text,
  p_default_limit integer,
  p_now timestamptz DEFAULT NULL,
  p_window_s integer DEFAULT 60,
  p_reject_max integer DEFAULT 30,
  p_suspend_s integer DEFAULT 300
) RETURNS TABLE (
  app_id text, organization_id text, environment text, status text, key_digest text, rate_limits jsonb,
  last_used_at timestamptz, timezone text, default_country text, default_price numeric, currency text, smart_encoding text,
  rl_limit integer, allowed boolean, suspended boolean, remaining integer, reset_s integer
)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_limit integer;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT a.id, a.organization_id, a.environment, a.status, a.key_digest, a.rate_limits, a.last_used_at,
         o.timezone, o.default_country, o.default_price, o.currency, o.smart_encoding
    INTO r
    FROM gateway_apps a JOIN organizations o ON o.id = a.organization_id
   WHERE a.key_digest = p_digest
   LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF p_bucket IS NULL OR r.status <> 'allowed' OR r.environment <> p_environment THEN
    RETURN QUERY SELECT r.id, r.organization_id, r.environment, r.status, r.key_digest, r.rate_limits, r.last_used_at,
      r.timezone, r.default_country, r.default_price, r.currency, r.smart_encoding, NULL::integer, NULL::boolean, NULL::boolean, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  v_limit := COALESCE((r.rate_limits ->> p_bucket)::integer, p_default_limit);
  RETURN QUERY SELECT r.id, r.organization_id, r.environment, r.status, r.key_digest, r.rate_limits, r.last_used_at,
      r.timezone, r.default_country, r.default_price, r.currency, r.smart_encoding, v_limit, t.allowed, t.suspended, t.remaining, t.reset_s
    FROM rl_take(r.id, p_bucket, v_limit, p_now, p_window_s, p_reject_max, p_suspend_s) t;
END
$$;
