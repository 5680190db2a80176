-- D24: inbound_messages keeps no foreign keys. A foreign key's triggers live on the referenced table, so dropping a
-- month's partition (it keeps the parent's foreign keys once detached) dropped them from organizations and
-- gateway_apps, under those tables' ACCESS EXCLUSIVE lock: every API key check, which reads both, waited for it and,
-- taking them in the other order, deadlocked with it (the growth bench's retention drop answered a send 500). As for a
-- send's rows (migration 0036) and the webhook log (0045), the one writer is the check: the MO path stores the
-- organization and app of the number it has just routed by, in the same transaction, and neither is ever deleted.
-- Dropping a constraint is a catalog change.
ALTER TABLE "inbound_messages" DROP CONSTRAINT "inbound_messages_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "inbound_messages" DROP CONSTRAINT "inbound_messages_app_id_gateway_apps_id_fk";
