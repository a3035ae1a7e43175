CREATE TABLE "shipping_rates" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"rates" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_one_row" CHECK ("shipping_rates"."id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_option" jsonb;