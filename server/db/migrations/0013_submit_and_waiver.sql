CREATE TABLE "waivers" (
	"version" text PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_discounts" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "waivers_active_date_idx" ON "waivers" USING btree ("active","date");