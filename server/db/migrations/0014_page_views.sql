CREATE TABLE "page_views" (
	"id" uuid PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"product_slug" text,
	"viewed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_views_viewed_at_idx" ON "page_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "page_views_product_viewed_at_idx" ON "page_views" USING btree ("product_slug","viewed_at");