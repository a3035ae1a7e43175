ALTER TABLE "idempotency_keys" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "owner_scope" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "answer" = "body"::text, "ref" = "line_id"::text, "owner_scope" = "scope";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "body";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "line_id";
