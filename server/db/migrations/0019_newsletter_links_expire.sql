-- Unsubscribe links made before links expired work a year from when they were made.
UPDATE "newsletter_tokens" SET "expires_at" = "created_at" + interval '1 year' WHERE "expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "newsletter_tokens" ALTER COLUMN "expires_at" SET NOT NULL;
