-- D24: the month a recipient id names (db/functions/recipient_id_month.sql says how), shared by the partitioning of
-- message_recipients and carrier_parts (by id range) and of webhook_events and webhook_deliveries (by month).
CREATE OR REPLACE FUNCTION recipient_id_month(p_id bigint)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT (timestamp '2000-01-01' + make_interval(months => (p_id >> 40)::int)) AT TIME ZONE 'UTC'
$$;
