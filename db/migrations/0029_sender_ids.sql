CREATE TABLE "platform_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"purpose" text NOT NULL,
	"sample_message" text NOT NULL,
	"reason" text,
	"requested_by" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_ids_reason" CHECK (("sender_ids"."state" in ('rejected', 'revoked')) = ("sender_ids"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_subject";--> statement-breakpoint
ALTER TABLE "sender_ids" ADD CONSTRAINT "sender_ids_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sender_ids_org_live_uq" ON "sender_ids" USING btree ("organization_id","sender_id") WHERE "sender_ids"."state" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "sender_ids_org_idx" ON "sender_ids" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "sender_ids_state_idx" ON "sender_ids" USING btree ("state","created_at");--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_subject" CHECK (("webhook_events"."event_type" in ('sms.queued', 'sms.processing', 'sms.sent', 'sms.delivered', 'sms.failed') and "webhook_events"."message_id" is not null)
        or ("webhook_events"."event_type" = 'sms.received' and "webhook_events"."inbound_id" is not null and "webhook_events"."message_id" is null)
        or ("webhook_events"."event_type" in ('contact.opted_out', 'contact.opted_in', 'sender_id.approved', 'sender_id.rejected', 'sender_id.revoked')
            and "webhook_events"."message_id" is null and "webhook_events"."inbound_id" is null));