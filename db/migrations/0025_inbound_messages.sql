CREATE TABLE "inbound_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"app_id" text,
	"from_phone" text NOT NULL,
	"to_number" text NOT NULL,
	"keyword" text,
	"text" text NOT NULL,
	"encoding" text NOT NULL,
	"segments" integer NOT NULL,
	"complete" boolean NOT NULL,
	"carrier" text NOT NULL,
	"connector_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"in_reply_to" text,
	"opt_out" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_encoding_known" CHECK ("inbound_messages"."encoding" in ('gsm7', 'latin1', 'ucs2', 'binary')),
	CONSTRAINT "inbound_messages_opt_out_known" CHECK ("inbound_messages"."opt_out" is null or "inbound_messages"."opt_out" in ('stop', 'start', 'help')),
	CONSTRAINT "inbound_messages_routed_whole" CHECK (("inbound_messages"."organization_id" is null) = ("inbound_messages"."app_id" is null))
);
--> statement-breakpoint
CREATE TABLE "carrier_mo_parts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connector_id" text NOT NULL,
	"source" text NOT NULL,
	"destination" text NOT NULL,
	"ref" text NOT NULL,
	"total" integer NOT NULL,
	"seq" integer NOT NULL,
	"data_coding" integer NOT NULL,
	"payload" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_mo_seen" (
	"connector_id" text NOT NULL,
	"hash" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "carrier_mo_seen_connector_id_hash_pk" PRIMARY KEY("connector_id","hash")
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "message_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "inbound_id" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_app_id_gateway_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."gateway_apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_org_received_idx" ON "inbound_messages" USING btree ("organization_id","received_at","id");--> statement-breakpoint
CREATE INDEX "inbound_messages_org_from_idx" ON "inbound_messages" USING btree ("organization_id","from_phone","received_at","id");--> statement-breakpoint
CREATE INDEX "inbound_messages_unrouted_idx" ON "inbound_messages" USING btree ("received_at","id") WHERE "inbound_messages"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_mo_parts_slot_uq" ON "carrier_mo_parts" USING btree ("connector_id","source","destination","ref","total","seq");--> statement-breakpoint
CREATE INDEX "carrier_mo_parts_received_idx" ON "carrier_mo_parts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "carrier_mo_seen_at_idx" ON "carrier_mo_seen" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "message_recipients_phone_idx" ON "message_recipients" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_received_uq" ON "webhook_events" USING btree ("inbound_id") WHERE "webhook_events"."event_type" = 'sms.received';--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_subject" CHECK (("webhook_events"."event_type" in ('sms.queued', 'sms.processing', 'sms.sent', 'sms.delivered', 'sms.failed') and "webhook_events"."message_id" is not null)
        or ("webhook_events"."event_type" = 'sms.received' and "webhook_events"."inbound_id" is not null and "webhook_events"."message_id" is null)
        or ("webhook_events"."event_type" in ('contact.opted_out', 'contact.opted_in') and "webhook_events"."message_id" is null and "webhook_events"."inbound_id" is null));