-- D24, before upgrading a live database to migration 0039 (webhook_attempts, carrier_receipts), 0041
-- (inbound_messages) or 0044 (message_recipients, carrier_parts) (docs/operations.md, Retention and partitions).
-- Run with the service still up, on the old version:
--   psql "$DATABASE_URL" -v bound=2027-02-01 -f scripts/prepare-partitions.sql
-- `bound` is the first day (UTC) of a month that has not begun yet; upgrade before it: from then on the check refuses
-- newer rows. For each of those tables not partitioned yet: each ADD ... NOT VALID is a catalog change; each VALIDATE
-- reads the whole table under SHARE UPDATE EXCLUSIVE, which lets reads and inserts go on (\gexec runs every statement
-- in its own transaction). The migration then finds the validated constraint (its comment names the bound) and
-- attaches the table as the first partition without reading it. A table already partitioned is left alone.
\set ON_ERROR_STOP on
\set ts :bound ' 00:00:00+00'
SELECT (:'ts')::timestamptz > now() AND date_trunc('month', (:'ts')::timestamptz, 'UTC') = (:'ts')::timestamptz AS ok \gset
\if :ok
\else
  DO $$ BEGIN RAISE EXCEPTION 'bound must be the first day of a month still to come, e.g. -v bound=2027-02-01'; END $$;
\endif
SELECT format('ALTER TABLE %I DROP CONSTRAINT IF EXISTS %I', t.name, t.name || '_partition_bound'),
       format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (%I < %L) NOT VALID', t.name, t.name || '_partition_bound', t.key, :'ts'),
       format('COMMENT ON CONSTRAINT %I ON %I IS %L', t.name || '_partition_bound', t.name, :'ts'),
       format('ALTER TABLE %I VALIDATE CONSTRAINT %I', t.name, t.name || '_partition_bound')
  FROM (VALUES (1, 'webhook_attempts', 'attempted_at'), (2, 'carrier_receipts', 'received_at'), (3, 'inbound_messages', 'received_at')) AS t(n, name, key)
  JOIN pg_class c ON c.oid = to_regclass(t.name) AND c.relkind = 'r'
 ORDER BY t.n \gexec
-- Migration 0044 (message_recipients and carrier_parts, by recipient id): every id written so far is below 2^40, the
-- first partition's bound whatever the month, so the check needs no `bound`. The migration also makes
-- message_recipients.organization_id NOT NULL, which reads nothing once migration 0040's check is validated: validated
-- here if a prepared upgrade to 0040 left it NOT VALID.
SELECT format('ALTER TABLE %I DROP CONSTRAINT IF EXISTS %I', t.name, t.name || '_partition_bound'),
       format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (%I < 1099511627776) NOT VALID', t.name, t.name || '_partition_bound', t.key),
       format('ALTER TABLE %I VALIDATE CONSTRAINT %I', t.name, t.name || '_partition_bound')
  FROM (VALUES (1, 'message_recipients', 'id'), (2, 'carrier_parts', 'recipient_id')) AS t(n, name, key)
  JOIN pg_class c ON c.oid = to_regclass(t.name) AND c.relkind = 'r'
 ORDER BY t.n \gexec
SELECT 'ALTER TABLE message_recipients VALIDATE CONSTRAINT message_recipients_organization_id_not_null'
  FROM pg_constraint WHERE conname = 'message_recipients_organization_id_not_null' AND NOT convalidated \gexec
