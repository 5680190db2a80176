-- D24: message_recipients carries its send's organization_id, and the phone-only index becomes
-- (organization_id, phone): the Inbox's sends of a conversation and an MO's in_reply_to read the tenant's
-- own deliveries to the phone, not every organization's.
-- The first statement takes the table's ACCESS EXCLUSIVE lock until the commit, so no row is written between the fill
-- and the check. On a live database, scripts/prepare-recipients-organization.sql (psql, the old version serving) has
-- already added the column, filled it in batches, built the index CONCURRENTLY and analyzed: then the lock is held
-- for a catalog change and the few rows written since (found through the index: `organization_id IS NULL` is a range
-- of its first column).
-- Without it (a new or small database), this fills and indexes the whole table under the lock.
-- The check is added NOT VALID (it holds for every row written from now on: the old version's sends are refused, so
-- stop it first) and validated here only when this migration filled the table itself; after a prepared upgrade the
-- operator validates it later, reads and writes going on (docs/operations.md, Retention and partitions).
DO $$
DECLARE
  v_prepared boolean := EXISTS (SELECT 1 FROM pg_attribute
                                 WHERE attrelid = 'message_recipients'::regclass AND attname = 'organization_id' AND NOT attisdropped);
BEGIN
  ALTER TABLE message_recipients ADD COLUMN IF NOT EXISTS organization_id text;
  UPDATE message_recipients r SET organization_id = m.organization_id
    FROM messages m
   WHERE m.id = r.message_id AND r.organization_id IS NULL;
  IF EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = to_regclass('message_recipients_org_phone_idx') AND NOT indisvalid) THEN
    DROP INDEX message_recipients_org_phone_idx; -- a concurrent build that did not finish
  END IF;
  CREATE INDEX IF NOT EXISTS message_recipients_org_phone_idx ON message_recipients USING btree (organization_id, phone);
  DROP INDEX message_recipients_phone_idx;
  ALTER TABLE message_recipients ADD CONSTRAINT message_recipients_organization_id_not_null CHECK (organization_id IS NOT NULL) NOT VALID;
  IF NOT v_prepared THEN
    ALTER TABLE message_recipients VALIDATE CONSTRAINT message_recipients_organization_id_not_null;
  END IF;
END;
$$;
