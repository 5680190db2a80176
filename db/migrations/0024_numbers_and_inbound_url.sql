CREATE TABLE "numbers" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"keyword" text,
	"keyword_folded" text DEFAULT '' NOT NULL,
	"app_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "numbers_number_digits" CHECK ("numbers"."number" ~ '^[0-9]{3,7}$' or "numbers"."number" ~ '^[1-9][0-9]{7,14}$'),
	CONSTRAINT "numbers_keyword_short_code" CHECK (("numbers"."keyword" is null and "numbers"."keyword_folded" = '') or ("numbers"."number" ~ '^[0-9]{3,7}$' and char_length("numbers"."keyword") between 2 and 20 and "numbers"."keyword_folded" ~ '^[A-Z0-9]{2,20}$'))
);
--> statement-breakpoint
ALTER TABLE "gateway_apps" ADD COLUMN "inbound_url" text;--> statement-breakpoint
ALTER TABLE "numbers" ADD CONSTRAINT "numbers_app_id_gateway_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."gateway_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numbers" ADD CONSTRAINT "numbers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "numbers_number_keyword_uq" ON "numbers" USING btree ("number","keyword_folded");--> statement-breakpoint
CREATE INDEX "numbers_org_idx" ON "numbers" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "numbers_app_idx" ON "numbers" USING btree ("app_id");