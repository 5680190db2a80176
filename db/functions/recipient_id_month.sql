-- The live definition of recipient_id_month(), as the latest migration that defines it (0043_recipient_id_month.sql)
-- creates it. Change it here and in a new migration together: db/functions/functions.test.ts holds the two equal.
-- D24: the month (UTC, its first instant) whose block of recipient ids holds p_id. Block k is [k x 2^40, (k+1) x 2^40)
-- and names the k-th month after January 2000; the partition maintenance moves message_recipients_id_seq to the
-- current month's block, so a recipient's id says when it was written, and the rows keyed by it (carrier_parts, its
-- webhook events and deliveries) are partitioned with it. Ids from before the first jump (block 0) read January 2000:
-- they live in each table's first partition, FROM (MINVALUE). Immutable: the month arithmetic is done without a time
-- zone.
CREATE OR REPLACE FUNCTION recipient_id_month(p_id bigint)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT (timestamp '2000-01-01' + make_interval(months => (p_id >> 40)::int)) AT TIME ZONE 'UTC'
$$;
