ALTER TABLE "organizations" ADD COLUMN "opt_out_reply" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "opt_in_reply" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "help_reply" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "keyword_reply" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_opt_out_reply_length" CHECK (char_length("organizations"."opt_out_reply") between 1 and 320);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_opt_in_reply_length" CHECK (char_length("organizations"."opt_in_reply") between 1 and 320);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_help_reply_length" CHECK (char_length("organizations"."help_reply") between 1 and 320);