-- The outbox becomes a transactional outbox (server/services/mail-outbox.ts): every message is a
-- row written in its caller's transaction and delivered by a worker. Rows kept before are mail
-- that went into the development mailbox: they count as sent there, each with a key of its own.
ALTER TABLE "outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text DEFAULT 'kept' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
UPDATE "outbox" SET "dedupe_key" = 'kept:' || "id";--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "dedupe_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claim" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_via" text;--> statement-breakpoint
UPDATE "outbox" SET "status" = 'sent', "sent_at" = "created_at", "sent_via" = 'dev-mailbox';--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("due_at") WHERE "outbox"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_dedupe_key_unique" UNIQUE("dedupe_key");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" in ('queued', 'sending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_sent_via_known" CHECK ("outbox"."sent_via" in ('smtp', 'dev-mailbox'));--> statement-breakpoint
-- Queued mail wakes the delivery workers of every API process when its transaction commits (a
-- rolled-back one notifies nobody): they LISTEN on `mail_queued` (server/db/index.ts) and poll
-- besides. Statement-level: one wake per statement however many messages it queues.
CREATE FUNCTION "mail_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_queued', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "outbox_mail_queued" AFTER INSERT ON "outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "mail_queued"();
