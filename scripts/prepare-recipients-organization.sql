-- D24, before upgrading a live database to migration 0040 (docs/operations.md, Retention and partitions).
-- Run with the service still up, on the old version:
--   psql "$DATABASE_URL" -f scripts/prepare-recipients-organization.sql
-- It adds message_recipients.organization_id (a catalog change: no default, no rewrite), fills it from each row's send
-- in batches of 10,000 ids, each its own transaction (row locks on 10,000 rows for a moment: the pipeline's updates of
-- those rows wait that long at most), then builds CONCURRENTLY the tenant's index by phone, (organization_id, phone),
-- fills the rows still without organization (those the old version wrote meanwhile, and any a batch could not see
-- yet, found through that index: `organization_id IS NULL` is its first column's range), and analyzes.
-- Migration 0040 then fills the few rows written since the same way, under its lock, and drops the phone-only index.
-- Rerunning it is harmless: it only fills what is still empty.
\set ON_ERROR_STOP on
-- So that the ADD COLUMN never holds the pipeline up behind a long transaction, it gives up after 5 s (run the script
-- again).
SET lock_timeout = '5s';
ALTER TABLE message_recipients ADD COLUMN IF NOT EXISTS organization_id text;
RESET lock_timeout;
DO $$
DECLARE
  v_from bigint := (SELECT min(id) FROM message_recipients);
  v_step constant bigint := 10000;
BEGIN
  -- by the primary key, skipping gaps in the ids, until no row is left above: rows written meanwhile are filled too
  WHILE v_from IS NOT NULL LOOP
    UPDATE message_recipients r SET organization_id = m.organization_id
      FROM messages m
     WHERE m.id = r.message_id AND r.id >= v_from AND r.id < v_from + v_step AND r.organization_id IS NULL;
    COMMIT;
    v_from := (SELECT min(id) FROM message_recipients WHERE id >= v_from + v_step);
  END LOOP;
END;
$$;
-- An index build a previous run left unfinished is invalid: dropped, so that it is built again.
SELECT format('DROP INDEX CONCURRENTLY %I', c.relname) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
 WHERE c.relname = 'message_recipients_org_phone_idx' AND NOT i.indisvalid \gexec
CREATE INDEX CONCURRENTLY IF NOT EXISTS message_recipients_org_phone_idx ON message_recipients USING btree (organization_id, phone);
UPDATE message_recipients r SET organization_id = m.organization_id
  FROM messages m
 WHERE m.id = r.message_id AND r.organization_id IS NULL;
ANALYZE message_recipients;
