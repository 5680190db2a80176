ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_subject";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "low_balance_threshold" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_low_balance_threshold" CHECK ("organizations"."low_balance_threshold" > 0);--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_subject" CHECK (("webhook_events"."event_type" in ('sms.queued', 'sms.processing', 'sms.sent', 'sms.delivered', 'sms.failed') and "webhook_events"."message_id" is not null)
        or ("webhook_events"."event_type" = 'sms.received' and "webhook_events"."inbound_id" is not null and "webhook_events"."message_id" is null)
        or ("webhook_events"."event_type" in ('contact.opted_out', 'contact.opted_in', 'sender_id.approved', 'sender_id.rejected', 'sender_id.revoked',
                              'wallet.low_balance')
            and "webhook_events"."message_id" is null and "webhook_events"."inbound_id" is null));