-- A send's rows lose their foreign keys (db/schema/messages.ts says why): written together by one statement, never deleted.
ALTER TABLE "messages" DROP CONSTRAINT "messages_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_app_id_gateway_apps_id_fk";
--> statement-breakpoint
ALTER TABLE "message_dispatches" DROP CONSTRAINT "message_dispatches_message_id_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "message_recipients" DROP CONSTRAINT "message_recipients_dispatch_id_message_dispatches_id_fk";
