CREATE TABLE "opt_outs" (
	"organization_id" text NOT NULL,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_outs_organization_id_phone_pk" PRIMARY KEY("organization_id","phone"),
	CONSTRAINT "opt_outs_source_known" CHECK ("opt_outs"."source" in ('keyword', 'api', 'dashboard', 'import')),
	CONSTRAINT "opt_outs_reason_length" CHECK (char_length("opt_outs"."reason") <= 200),
	CONSTRAINT "opt_outs_phone_e164" CHECK ("opt_outs"."phone" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
ALTER TABLE "opt_outs" ADD CONSTRAINT "opt_outs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opt_outs_newest_idx" ON "opt_outs" USING btree ("organization_id","created_at","phone");