CREATE TABLE "archive_images" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"product_slug" text NOT NULL,
	"src" text NOT NULL,
	"title" text NOT NULL,
	"alt" text NOT NULL,
	"year" integer NOT NULL,
	"pilot" text,
	"colors" text[] NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "archive_images_type_known" CHECK ("archive_images"."type" in ('supercustom', 'superdupercustom'))
);
--> statement-breakpoint
CREATE TABLE "production_times" (
	"category" text PRIMARY KEY NOT NULL,
	"weeks_min" integer NOT NULL,
	"weeks_max" integer NOT NULL,
	"note" text,
	"updated_at" date NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "production_times_weeks_ordered" CHECK (0 <= "production_times"."weeks_min" and "production_times"."weeks_min" <= "production_times"."weeks_max")
);
--> statement-breakpoint
ALTER TABLE "archive_images" ADD CONSTRAINT "archive_images_product_slug_products_slug_fk" FOREIGN KEY ("product_slug") REFERENCES "public"."products"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "archive_images_type_year_position_idx" ON "archive_images" USING btree ("type","year" DESC NULLS LAST,"position");--> statement-breakpoint
CREATE INDEX "archive_images_product_slug_idx" ON "archive_images" USING btree ("product_slug");