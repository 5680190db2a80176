-- Issue 43 item 4: autovacuum for the tables that grow for ever and whose rows are updated a few times each (a
-- recipient's transitions, its send's counters, its dispatch's state, a part's receipt). With the defaults a vacuum
-- starts once 20% of the table is dead: 70,000 dead tuples in carrier_parts at 385,000 rows in the growth bench's
-- sustained load, 2 million at 10 million. Here it starts at 5,000 + 2%; the bench's peaks fell by a fifth to two
-- thirds (docs/operations.md, Vacuum and statistics; docs/performance.md, the two runs). ANALYZE keeps its defaults.
-- A catalog change: SHARE UPDATE EXCLUSIVE (reads and writes go on), nothing rewritten.
-- The queues (carrier_outbox, rate_limit_hits, rate_limit_windows, wallets) keep the defaults: they have few live rows,
-- so the default threshold is passed at every autovacuum_naptime and a lower one would change nothing. So do the
-- partitioned tables (carrier_receipts, webhook_attempts, inbound_messages): a partitioned table takes no storage
-- parameters, each partition would need its own, and the maintenance (retention_ensure_partitions) creates them.
ALTER TABLE "message_recipients" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 5000);--> statement-breakpoint
ALTER TABLE "messages" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 5000);--> statement-breakpoint
ALTER TABLE "message_dispatches" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 5000);--> statement-breakpoint
ALTER TABLE "carrier_parts" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 5000);
