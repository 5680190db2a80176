ALTER TABLE "organizations" ADD COLUMN "opt_out_reply_fr" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "opt_in_reply_fr" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "help_reply_fr" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "smart_encoding" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "original_body" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_opt_out_reply_fr_length" CHECK (char_length("organizations"."opt_out_reply_fr") between 1 and 320);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_opt_in_reply_fr_length" CHECK (char_length("organizations"."opt_in_reply_fr") between 1 and 320);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_help_reply_fr_length" CHECK (char_length("organizations"."help_reply_fr") between 1 and 320);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_smart_encoding" CHECK ("organizations"."smart_encoding" in ('off', 'lookalikes', 'transliterate'));