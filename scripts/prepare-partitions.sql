-- D24, before upgrading a live database to migration 0039 (webhook_attempts, carrier_receipts), 0041
-- (inbound_messages), 0044 (message_recipients, carrier_parts) or 0045 (webhook_events, webhook_deliveries)
-- (docs/operations.md, Retention and partitions). Run with the service still up, on the old version:
--   psql "$DATABASE_URL" -v bound=2027-02-01 -f scripts/prepare-partitions.sql
-- `bound` is the first day (UTC) of a month that has not begun yet; upgrade before it: from then on the check refuses
-- newer rows. For each of those tables not partitioned yet: each ADD ... NOT VALID is a catalog change; each VALIDATE
-- reads the whole table under SHARE UPDATE EXCLUSIVE, which lets reads and inserts go on (\gexec runs every statement
-- in its own transaction). The migration then finds the validated constraint (its comment names the bound) and
-- attaches the table as the first partition without reading it. A table already partitioned is left alone.
-- webhook_events and webhook_deliveries are partitioned by a column they do not have yet, partition_month: it is added
-- first, with a constant default (January 2000, the month of every row from before the partitioning: a catalog change,
-- nothing rewritten; the old version's rows get it too), and the events' unique indexes, which must hold it, are built
-- CONCURRENTLY beside the old ones (reads and writes go on), so that the attach adopts them instead of building them
-- under its lock. Rerunning the script is harmless; an index build it left unfinished (invalid) is built again.
\set ON_ERROR_STOP on
\set ts :bound ' 00:00:00+00'
SELECT (:'ts')::timestamptz > now() AND date_trunc('month', (:'ts')::timestamptz, 'UTC') = (:'ts')::timestamptz AS ok \gset
\if :ok
\else
  DO $$ BEGIN RAISE EXCEPTION 'bound must be the first day of a month still to come, e.g. -v bound=2027-02-01'; END $$;
\endif
-- So that the ADD COLUMN (a moment's exclusive lock) never holds the pipeline up behind a long transaction, it gives up
-- after 5 s (run the script again).
SET lock_timeout = '5s';
SELECT format('ALTER TABLE %I ADD COLUMN IF NOT EXISTS partition_month timestamptz NOT NULL DEFAULT %L', t.name, '2000-01-01 00:00:00+00')
  FROM (VALUES (1, 'webhook_events'), (2, 'webhook_deliveries')) AS t(n, name)
  JOIN pg_class c ON c.oid = to_regclass(t.name) AND c.relkind = 'r'
 ORDER BY t.n \gexec
RESET lock_timeout;
SELECT format('DROP INDEX CONCURRENTLY %I', c.relname) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
 WHERE i.indrelid = to_regclass('webhook_events') AND c.relname LIKE 'webhook\_events\_%\_month\_uq' AND NOT i.indisvalid \gexec
SELECT x.stmt
  FROM (VALUES (1, 'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS webhook_events_recipient_type_month_uq ON webhook_events USING btree (recipient_id, event_type, partition_month) WHERE recipient_id IS NOT NULL'),
               (2, 'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS webhook_events_queued_month_uq ON webhook_events USING btree (message_id, partition_month) WHERE event_type = ''sms.queued'''),
               (3, 'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS webhook_events_received_month_uq ON webhook_events USING btree (inbound_id, partition_month) WHERE event_type = ''sms.received''')) AS x(n, stmt)
  JOIN pg_class c ON c.oid = to_regclass('webhook_events') AND c.relkind = 'r'
 ORDER BY x.n \gexec
SELECT format('ALTER TABLE %I DROP CONSTRAINT IF EXISTS %I', t.name, t.name || '_partition_bound'),
       format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (%I < %L) NOT VALID', t.name, t.name || '_partition_bound', t.key, :'ts'),
       format('COMMENT ON CONSTRAINT %I ON %I IS %L', t.name || '_partition_bound', t.name, :'ts'),
       format('ALTER TABLE %I VALIDATE CONSTRAINT %I', t.name, t.name || '_partition_bound')
  FROM (VALUES (1, 'webhook_attempts', 'attempted_at'), (2, 'carrier_receipts', 'received_at'), (3, 'inbound_messages', 'received_at'),
               (4, 'webhook_events', 'partition_month'), (5, 'webhook_deliveries', 'partition_month')) AS t(n, name, key)
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
