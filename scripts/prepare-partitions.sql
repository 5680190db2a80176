-- D24, before upgrading a live database to migration 0039 (docs/operations.md, Retention and partitions).
-- Run with the service still up, on the old version:
--   psql "$DATABASE_URL" -v bound=2027-02-01 -f scripts/prepare-partitions.sql
-- `bound` is the first day (UTC) of a month that has not begun yet; upgrade before it: from then on the check refuses
-- newer rows. Each ADD ... NOT VALID is a catalog change; each VALIDATE reads the whole table under SHARE UPDATE
-- EXCLUSIVE, which lets reads and inserts go on. Migration 0039 then finds the validated constraint (its comment names
-- the bound) and attaches the table as the first partition without reading it.
\set ON_ERROR_STOP on
\set ts :bound ' 00:00:00+00'
SELECT (:'ts')::timestamptz > now() AND date_trunc('month', (:'ts')::timestamptz, 'UTC') = (:'ts')::timestamptz AS ok \gset
\if :ok
\else
  DO $$ BEGIN RAISE EXCEPTION 'bound must be the first day of a month still to come, e.g. -v bound=2027-02-01'; END $$;
\endif
ALTER TABLE webhook_attempts DROP CONSTRAINT IF EXISTS webhook_attempts_partition_bound;
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_partition_bound CHECK (attempted_at < :'ts') NOT VALID;
COMMENT ON CONSTRAINT webhook_attempts_partition_bound ON webhook_attempts IS :'ts';
ALTER TABLE webhook_attempts VALIDATE CONSTRAINT webhook_attempts_partition_bound;
ALTER TABLE carrier_receipts DROP CONSTRAINT IF EXISTS carrier_receipts_partition_bound;
ALTER TABLE carrier_receipts ADD CONSTRAINT carrier_receipts_partition_bound CHECK (received_at < :'ts') NOT VALID;
COMMENT ON CONSTRAINT carrier_receipts_partition_bound ON carrier_receipts IS :'ts';
ALTER TABLE carrier_receipts VALIDATE CONSTRAINT carrier_receipts_partition_bound;
