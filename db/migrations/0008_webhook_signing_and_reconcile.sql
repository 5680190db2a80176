ALTER TABLE "gateway_apps" ADD COLUMN "webhook_secret_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "gateway_apps" ADD COLUMN "webhook_secret_previous_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD COLUMN "response_body" text;--> statement-breakpoint
CREATE INDEX "message_recipients_message_id_idx" ON "message_recipients" USING btree ("message_id","id");