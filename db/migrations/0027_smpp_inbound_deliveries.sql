CREATE TABLE "smpp_inbound_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"inbound_id" text NOT NULL,
	"parts_done" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "smpp_inbound_deliveries_inbound_id_unique" UNIQUE("inbound_id")
);
--> statement-breakpoint
CREATE INDEX "smpp_inbound_deliveries_due_idx" ON "smpp_inbound_deliveries" USING btree ("app_id","next_at") WHERE claimed_by is null;--> statement-breakpoint
CREATE INDEX "smpp_inbound_deliveries_expiry_idx" ON "smpp_inbound_deliveries" USING btree ("expires_at");