CREATE TABLE "smpp_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"message_id" text NOT NULL,
	"recipient_id" bigint,
	"event_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"sender_id" text,
	"stat" text NOT NULL,
	"err" text NOT NULL,
	"text" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "smpp_receipts_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE INDEX "smpp_receipts_due_idx" ON "smpp_receipts" USING btree ("app_id","next_at") WHERE claimed_by is null;--> statement-breakpoint
CREATE INDEX "smpp_receipts_expiry_idx" ON "smpp_receipts" USING btree ("expires_at");