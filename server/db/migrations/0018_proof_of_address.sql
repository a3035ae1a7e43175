ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_purpose_known";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_dealer_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pending_dealer_id_dealers_user_id_fk" FOREIGN KEY ("pending_dealer_id") REFERENCES "public"."dealers"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_known" CHECK ("one_time_tokens"."purpose" in ('password-reset', 'login-link', 'admin-login', 'confirm-email'));--> statement-breakpoint
-- Existing accounts: those the shop made (admins, dealers) are proven. Any other account proves
-- its address at its next mailed link (a used link is not told apart from a voided one here);
-- until then its guest orders wait, as a new account's do.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "role" in ('admin', 'dealer');
