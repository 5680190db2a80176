-- The live definition of wallet_ledger_append_only(), as the latest migration that defines it (0001_rate_limit_fn_and_ledger_guard.sql) creates it.
-- Change it here and in a new migration together: db/functions/functions.test.ts holds the two equal.
-- The ledger is append-only: money movements are corrected by new rows, never edited.
CREATE OR REPLACE FUNCTION wallet_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_ledger is append-only (% refused)', TG_OP;
END
$$;
