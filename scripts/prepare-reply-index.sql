-- D24, before upgrading a live database to migration 0047 (docs/operations.md, Retention and partitions).
-- Run with the service up, on either version:
--   psql "$DATABASE_URL" -f scripts/prepare-reply-index.sql
-- It builds message_recipients_org_phone_id_idx (organization_id, phone, id) without blocking sends: a partitioned
-- table's index cannot be built CONCURRENTLY, so the parent's is made ON ONLY (invalid, empty, instant), each
-- partition's is built CONCURRENTLY and attached, and the parent's becomes valid once every partition's is. The
-- migration's CREATE INDEX IF NOT EXISTS then finds it, and it only drops the old index (a catalog change).
-- A partition the maintenance creates meanwhile gets the parent's index at creation. Rerunning it is harmless.
\set ON_ERROR_STOP on
SET lock_timeout = '5s';
CREATE INDEX IF NOT EXISTS message_recipients_org_phone_id_idx ON ONLY message_recipients USING btree (organization_id, phone, id);
RESET lock_timeout;
-- A partition's build a previous run left unfinished is invalid: dropped, so that it is built again.
SELECT format('DROP INDEX CONCURRENTLY %I', c.relname)
  FROM pg_inherits h JOIN pg_index i ON i.indrelid = h.inhrelid JOIN pg_class c ON c.oid = i.indexrelid
 WHERE h.inhparent = 'message_recipients'::regclass AND c.relname = (SELECT relname FROM pg_class WHERE oid = h.inhrelid) || '_org_phone_id_idx'
   AND NOT i.indisvalid \gexec
SELECT format('CREATE INDEX CONCURRENTLY IF NOT EXISTS %I ON %I USING btree (organization_id, phone, id)', p.relname || '_org_phone_id_idx', p.relname)
  FROM pg_inherits h JOIN pg_class p ON p.oid = h.inhrelid
 WHERE h.inhparent = 'message_recipients'::regclass ORDER BY p.relname \gexec
-- each partition's index joins the parent's (an attached one is skipped)
SELECT format('ALTER INDEX message_recipients_org_phone_id_idx ATTACH PARTITION %I', p.relname || '_org_phone_id_idx')
  FROM pg_inherits h JOIN pg_class p ON p.oid = h.inhrelid
 WHERE h.inhparent = 'message_recipients'::regclass
   AND NOT EXISTS (SELECT 1 FROM pg_inherits x WHERE x.inhparent = 'message_recipients_org_phone_id_idx'::regclass
                                                AND x.inhrelid = (p.relname || '_org_phone_id_idx')::regclass)
 ORDER BY p.relname \gexec
SELECT i.indisvalid AS parent_index_valid FROM pg_index i WHERE i.indexrelid = 'message_recipients_org_phone_id_idx'::regclass;
