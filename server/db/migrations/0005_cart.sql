CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"product_families" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"excludes_upgrades" boolean DEFAULT false NOT NULL,
	"combinable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_code_upper_case" CHECK ("discount_codes"."code" = upper("discount_codes"."code")),
	CONSTRAINT "discount_codes_kind_known" CHECK ("discount_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "discount_codes_value_range" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" <> 'percent' or "discount_codes"."value" <= 100))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"line_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"order_id" uuid NOT NULL,
	"discount_code_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_discounts_order_id_discount_code_id_pk" PRIMARY KEY("order_id","discount_code_id")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"parent_id" uuid,
	"line_key" text,
	"sku" text NOT NULL,
	"product_slug" text NOT NULL,
	"qty" integer NOT NULL,
	"meta" jsonb NOT NULL,
	"unit_amount" integer NOT NULL,
	"upgrade_amount" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_qty_range" CHECK ("order_lines"."qty" between 1 and 99),
	CONSTRAINT "order_lines_amounts_non_negative" CHECK ("order_lines"."unit_amount" >= 0 and "order_lines"."upgrade_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"cart_token_hash" text,
	"status" text DEFAULT 'open' NOT NULL,
	"merged_into" uuid,
	"merge_notice" jsonb,
	"currency" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('open', 'submitted', 'merged')),
	CONSTRAINT "orders_owner" CHECK ("orders"."user_id" is not null or "orders"."cart_token_hash" is not null)
);
--> statement-breakpoint
CREATE TABLE "palette_colors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hex" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_parent_id_order_lines_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merged_into_orders_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_lines_order_id_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_parent_id_idx" ON "order_lines" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_line_key_idx" ON "order_lines" USING btree ("order_id","line_key") WHERE parent_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_user_idx" ON "orders" USING btree ("user_id") WHERE status = 'open' and user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_cart_token_idx" ON "orders" USING btree ("cart_token_hash") WHERE status = 'open' and user_id is null;--> statement-breakpoint
CREATE INDEX "orders_cart_token_hash_idx" ON "orders" USING btree ("cart_token_hash");