CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"app_id" text NOT NULL,
	"sending_type" text NOT NULL,
	"body" text NOT NULL,
	"sender_id" text,
	"encoding" text NOT NULL,
	"segments" integer NOT NULL,
	"total_recipients" integer NOT NULL,
	"dispatches_total" integer NOT NULL,
	"total_messages" integer NOT NULL,
	"total_cost" numeric(18, 4) NOT NULL,
	"currency" text NOT NULL,
	"callback_url" text,
	"schedule" jsonb,
	"control_state" text DEFAULT 'active' NOT NULL,
	"picked_up" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"dispatches_done" integer DEFAULT 0 NOT NULL,
	"next_dispatch_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_dispatches" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"seq" integer NOT NULL,
	"dispatch_at" timestamp with time zone,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"cost" numeric(18, 4) NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"dispatch_id" text NOT NULL,
	"position" integer NOT NULL,
	"phone" text NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"pricing_row_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"carrier" text,
	"error_code" text,
	"error_message" text,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"app_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_app_id_key_pk" PRIMARY KEY("app_id","key")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_app_id_gateway_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."gateway_apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_dispatches" ADD CONSTRAINT "message_dispatches_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_dispatch_id_message_dispatches_id_fk" FOREIGN KEY ("dispatch_id") REFERENCES "public"."message_dispatches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_org_created_idx" ON "messages" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_dispatches_msg_seq_uq" ON "message_dispatches" USING btree ("message_id","seq");--> statement-breakpoint
CREATE INDEX "message_dispatches_due_idx" ON "message_dispatches" USING btree ("state","dispatch_at");--> statement-breakpoint
CREATE INDEX "message_recipients_dispatch_idx" ON "message_recipients" USING btree ("dispatch_id","state");--> statement-breakpoint
CREATE INDEX "message_recipients_message_idx" ON "message_recipients" USING btree ("message_id","phone");