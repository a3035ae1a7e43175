CREATE TABLE "coaches" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"email" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscribers_state_known" CHECK ("newsletter_subscribers"."state" in ('pending', 'subscribed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "newsletter_tokens_purpose_known" CHECK ("newsletter_tokens"."purpose" in ('confirm', 'unsubscribe'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_tokens" ADD CONSTRAINT "newsletter_tokens_email_newsletter_subscribers_email_fk" FOREIGN KEY ("email") REFERENCES "public"."newsletter_subscribers"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_tokens_email_idx" ON "newsletter_tokens" USING btree ("email");