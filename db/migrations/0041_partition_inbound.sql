-- D24: inbound_messages (MO) becomes a table partitioned by month of received_at, as 0039 did for webhook_attempts and
-- carrier_receipts: the table as it is becomes the first partition, FROM (MINVALUE) TO a month boundary, attached
-- without a scan when a validated CHECK constraint proves its bounds (scripts/prepare-partitions.sql adds and validates
-- it on a live database beforehand; its comment names the boundary); on a new or small database this migration adds
-- it here. The old rows keep their indexes (the parent's adopt them), their primary key (a partition's own: one on the
-- parent would have to include received_at), their checks and foreign keys. Nothing refers to an MO by foreign key,
-- and no uniqueness of the MO path lives here: ids are random (newId), and a carrier's resent PDU is recognised by
-- carrier_mo_seen and carrier_mo_parts, which stay as they are.
DO $$
DECLARE
  v_bound timestamptz;
BEGIN
  SELECT obj_description(c.oid, 'pg_constraint')::timestamptz INTO v_bound FROM pg_constraint c
   WHERE c.conrelid = 'inbound_messages'::regclass AND c.conname = 'inbound_messages_partition_bound' AND c.convalidated;
  IF v_bound IS NULL THEN
    v_bound := date_trunc('month', now(), 'UTC') + interval '1 month';
    ALTER TABLE inbound_messages DROP CONSTRAINT IF EXISTS inbound_messages_partition_bound;
    EXECUTE format('ALTER TABLE inbound_messages ADD CONSTRAINT inbound_messages_partition_bound CHECK (received_at < %L)', v_bound);
  END IF;
  ALTER TABLE inbound_messages RENAME TO inbound_messages_legacy;
  ALTER INDEX inbound_messages_pkey RENAME TO inbound_messages_legacy_pkey;
  ALTER INDEX inbound_messages_org_received_idx RENAME TO inbound_messages_legacy_org_received_idx;
  ALTER INDEX inbound_messages_org_from_idx RENAME TO inbound_messages_legacy_org_from_idx;
  ALTER INDEX inbound_messages_unrouted_idx RENAME TO inbound_messages_legacy_unrouted_idx;
  CREATE TABLE inbound_messages (
    id text NOT NULL,
    organization_id text,
    app_id text,
    from_phone text NOT NULL,
    to_number text NOT NULL,
    keyword text,
    text text NOT NULL,
    encoding text NOT NULL,
    segments integer NOT NULL,
    complete boolean NOT NULL,
    carrier text NOT NULL,
    connector_id text,
    received_at timestamptz NOT NULL,
    in_reply_to text,
    opt_out text,
    created_at timestamptz DEFAULT now() NOT NULL,
    CONSTRAINT inbound_messages_encoding_known CHECK (encoding IN ('gsm7', 'latin1', 'ucs2', 'binary')),
    CONSTRAINT inbound_messages_opt_out_known CHECK (opt_out IS NULL OR opt_out IN ('stop', 'start', 'help')),
    CONSTRAINT inbound_messages_routed_whole CHECK ((organization_id IS NULL) = (app_id IS NULL))
  ) PARTITION BY RANGE (received_at);
  ALTER TABLE inbound_messages ADD CONSTRAINT inbound_messages_organization_id_organizations_id_fk
    FOREIGN KEY (organization_id) REFERENCES organizations(id);
  ALTER TABLE inbound_messages ADD CONSTRAINT inbound_messages_app_id_gateway_apps_id_fk
    FOREIGN KEY (app_id) REFERENCES gateway_apps(id);
  CREATE INDEX inbound_messages_org_received_idx ON inbound_messages USING btree (organization_id, received_at, id);
  CREATE INDEX inbound_messages_org_from_idx ON inbound_messages USING btree (organization_id, from_phone, received_at, id);
  CREATE INDEX inbound_messages_unrouted_idx ON inbound_messages USING btree (received_at, id) WHERE organization_id IS NULL;
  EXECUTE format('ALTER TABLE inbound_messages ATTACH PARTITION inbound_messages_legacy FOR VALUES FROM (MINVALUE) TO (%L)', v_bound);
  ALTER TABLE inbound_messages_legacy DROP CONSTRAINT inbound_messages_partition_bound;
  PERFORM retention_ensure_partitions('inbound_messages', 'received_at', now(), 4);
END;
$$;
