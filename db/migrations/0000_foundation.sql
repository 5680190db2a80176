CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"timezone" text DEFAULT 'Africa/Kinshasa' NOT NULL,
	"default_country" text DEFAULT 'CD' NOT NULL,
	"default_price" numeric(18, 4),
	"currency" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_apps" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"environment" text NOT NULL,
	"status" text NOT NULL,
	"key_digest" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_last4" text NOT NULL,
	"key_version" integer DEFAULT 1 NOT NULL,
	"key_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"webhook_url" text,
	"webhook_username" text,
	"webhook_password_enc" text,
	"rate_limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"balance" numeric(18, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_non_negative" CHECK ("wallets"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"entry_type" text NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"balance_after" numeric(18, 4) NOT NULL,
	"message_id" text,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"country" text NOT NULL,
	"network" text NOT NULL,
	"prefixes" text[] NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"app_id" text NOT NULL,
	"bucket" text NOT NULL,
	"hits" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "rate_limit_windows_app_id_bucket_pk" PRIMARY KEY("app_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_suspensions" (
	"app_id" text PRIMARY KEY NOT NULL,
	"rejected" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"suspended_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"organization_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_heartbeats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_apps" ADD CONSTRAINT "gateway_apps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rows" ADD CONSTRAINT "pricing_rows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_apps_key_digest_uq" ON "gateway_apps" USING btree ("key_digest");--> statement-breakpoint
CREATE INDEX "gateway_apps_org_idx" ON "gateway_apps" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_org_type_uq" ON "wallets" USING btree ("organization_id","type");--> statement-breakpoint
CREATE INDEX "wallet_ledger_wallet_idx" ON "wallet_ledger" USING btree ("wallet_id","id");--> statement-breakpoint
CREATE INDEX "wallet_ledger_org_idx" ON "wallet_ledger" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_ledger_message_idx" ON "wallet_ledger" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "pricing_rows_org_idx" ON "pricing_rows" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "audit_log_org_idx" ON "audit_log" USING btree ("organization_id","created_at");