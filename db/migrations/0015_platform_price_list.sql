CREATE TABLE "platform_price_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"network" text NOT NULL,
	"prefixes" text[] NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- D13: an empty database starts with the DRC networks as the platform price list. A database that already
-- has merchants is left alone (their prices would change under them); the operator sets the list instead.
INSERT INTO "platform_price_rows" ("id", "country", "network", "prefixes", "price")
SELECT v.id, 'CD', v.network, v.prefixes, v.price
FROM (VALUES
	('prc_platformCDVodacom', 'Vodacom', ARRAY['24381','24382','24383'], 0.0200::numeric),
	('prc_platformCDOrange', 'Orange', ARRAY['24384','24385','24389'], 0.0190::numeric),
	('prc_platformCDAirtel', 'Airtel', ARRAY['24397','24398','24399'], 0.0180::numeric),
	('prc_platformCDAfricell', 'Africell', ARRAY['24390','24391'], 0.0170::numeric)
) AS v(id, network, prefixes, price)
WHERE NOT EXISTS (SELECT 1 FROM "organizations");
