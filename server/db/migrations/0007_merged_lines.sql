CREATE TABLE "merged_lines" (
	"from_line_id" uuid PRIMARY KEY NOT NULL,
	"into_line_id" uuid NOT NULL,
	"base_qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merged_lines_base_qty_range" CHECK ("merged_lines"."base_qty" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "merged_lines" ADD CONSTRAINT "merged_lines_into_line_id_order_lines_id_fk" FOREIGN KEY ("into_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merged_lines_into_line_id_idx" ON "merged_lines" USING btree ("into_line_id");