CREATE TABLE "inbox_conversations" (
	"organization_id" text NOT NULL,
	"phone" text NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"read_through" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_conversations_organization_id_phone_pk" PRIMARY KEY("organization_id","phone")
);
--> statement-breakpoint
ALTER TABLE "inbox_conversations" ADD CONSTRAINT "inbox_conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_conversations_activity_idx" ON "inbox_conversations" USING btree ("organization_id","last_activity_at","phone");--> statement-breakpoint
-- The conversations of the MO stored before the Inbox existed: unread, their activity the later of the last MO and
-- the organization's last send to that phone.
INSERT INTO "inbox_conversations" ("organization_id", "phone", "last_inbound_at", "last_activity_at")
SELECT i."organization_id", i."from_phone", max(i."received_at"),
       greatest(max(i."received_at"), (SELECT max(m."created_at") FROM "message_recipients" r JOIN "messages" m ON m."id" = r."message_id"
                                         WHERE r."phone" = i."from_phone" AND m."organization_id" = i."organization_id"))
  FROM "inbound_messages" i
 WHERE i."organization_id" IS NOT NULL
 GROUP BY i."organization_id", i."from_phone";
