CREATE TABLE "smpp_binds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"mode" text NOT NULL,
	"listener" text NOT NULL,
	"remote" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "smpp_tps" (
	"app_id" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_apps" ADD COLUMN "smpp_system_id" text;--> statement-breakpoint
ALTER TABLE "gateway_apps" ADD COLUMN "smpp_password_digest" text;--> statement-breakpoint
ALTER TABLE "gateway_apps" ADD COLUMN "smpp_tps" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "channel" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "smpp_registered_delivery" integer;--> statement-breakpoint
ALTER TABLE "smpp_binds" ADD CONSTRAINT "smpp_binds_app_id_gateway_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."gateway_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smpp_binds_app_idx" ON "smpp_binds" USING btree ("app_id","seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_apps_smpp_system_id_uq" ON "gateway_apps" USING btree ("smpp_system_id");