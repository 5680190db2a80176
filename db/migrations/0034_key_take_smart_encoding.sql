-- api_key_take (migration 0007) also answers the organization's smart encoding setting (D21), which a send without
-- `smart_encoding` follows: the send no longer reads the organization once more for it. Its result type changes, so
-- the function is dropped and made again; nothing else depends on it.
DROP FUNCTION api_key_take(text, text, text, integer, timestamptz, integer, integer, integer);--> statement-breakpoint
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
