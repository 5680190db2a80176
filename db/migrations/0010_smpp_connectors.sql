CREATE TABLE "connectors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer DEFAULT 2775 NOT NULL,
	"tls" boolean DEFAULT false NOT NULL,
	"system_id" text DEFAULT '' NOT NULL,
	"password_enc" text,
	"system_type" text DEFAULT '' NOT NULL,
	"bind_mode" text DEFAULT 'transceiver' NOT NULL,
	"sessions" integer DEFAULT 1 NOT NULL,
	"window" integer DEFAULT 10 NOT NULL,
	"tps" integer DEFAULT 100 NOT NULL,
	"source_ton" integer DEFAULT 5 NOT NULL,
	"source_npi" integer DEFAULT 0 NOT NULL,
	"dest_ton" integer DEFAULT 1 NOT NULL,
	"dest_npi" integer DEFAULT 1 NOT NULL,
	"gsm_coding" integer DEFAULT 0 NOT NULL,
	"long_method" text DEFAULT 'udh' NOT NULL,
	"validity_s" integer DEFAULT 172800 NOT NULL,
	"enquire_link_s" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" text PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"organization_id" text DEFAULT '' NOT NULL,
	"connector_ids" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_outbox" (
	"recipient_id" bigint PRIMARY KEY NOT NULL,
	"dispatch_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"route" text[] NOT NULL,
	"route_idx" integer DEFAULT 0 NOT NULL,
	"connector_id" text NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_parts" (
	"recipient_id" bigint NOT NULL,
	"connector_id" text NOT NULL,
	"part_no" integer NOT NULL,
	"parts_total" integer NOT NULL,
	"carrier_message_id" text NOT NULL,
	"stat" text,
	"err" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_parts_recipient_id_connector_id_part_no_pk" PRIMARY KEY("recipient_id","connector_id","part_no")
);
--> statement-breakpoint
CREATE TABLE "carrier_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"connector_id" text NOT NULL,
	"carrier_message_id" text NOT NULL,
	"stat" text NOT NULL,
	"err" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "connector_leases" (
	"connector_id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sessions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bound_sessions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connector_tps" (
	"connector_id" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_recipients" ADD COLUMN "carrier_message_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_name_uq" ON "connectors" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "routes_prefix_org_uq" ON "routes" USING btree ("prefix","organization_id");--> statement-breakpoint
CREATE INDEX "carrier_outbox_pick_idx" ON "carrier_outbox" USING btree ("connector_id","state","next_at");--> statement-breakpoint
CREATE INDEX "carrier_outbox_expiry_idx" ON "carrier_outbox" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_parts_message_uq" ON "carrier_parts" USING btree ("connector_id","carrier_message_id");--> statement-breakpoint
CREATE INDEX "carrier_receipts_match_idx" ON "carrier_receipts" USING btree ("connector_id","carrier_message_id");--> statement-breakpoint
CREATE INDEX "carrier_receipts_pending_idx" ON "carrier_receipts" USING btree ("applied_at","received_at");