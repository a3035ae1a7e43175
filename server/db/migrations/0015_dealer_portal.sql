CREATE TABLE "commission_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "commission_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dealer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"rate_bp" integer,
	"base_amount" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_entries_kind_known" CHECK ("commission_entries"."kind" in ('accrual', 'reversal', 'payout_request', 'payout_change', 'payout_release')),
	CONSTRAINT "commission_entries_amount_non_zero" CHECK ("commission_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "dealer_customers" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"dealer_id" uuid NOT NULL,
	"linked_by" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_customers_not_self" CHECK ("dealer_customers"."customer_id" <> "dealer_customers"."dealer_id"),
	CONSTRAINT "dealer_customers_linked_by_known" CHECK ("dealer_customers"."linked_by" in ('admin', 'invitation'))
);
--> statement-breakpoint
CREATE TABLE "dealer_directory" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"directory_slug" text NOT NULL,
	"rate_bp" integer DEFAULT 1000 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"invite_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealers_directory_slug_unique" UNIQUE("directory_slug"),
	CONSTRAINT "dealers_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "dealers_rate_range" CHECK ("dealers"."rate_bp" between 0 and 5000)
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dealer_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payout_requests_amount_range" CHECK ("payout_requests"."amount" >= 0),
	CONSTRAINT "payout_requests_status_known" CHECK ("payout_requests"."status" in ('requested', 'paid', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_for" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dealer_id" uuid;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_dealer_id_dealers_user_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_payout_id_payout_requests_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payout_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_customers" ADD CONSTRAINT "dealer_customers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_customers" ADD CONSTRAINT "dealer_customers_dealer_id_dealers_user_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealers" ADD CONSTRAINT "dealers_directory_slug_dealer_directory_slug_fk" FOREIGN KEY ("directory_slug") REFERENCES "public"."dealer_directory"("slug") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_dealer_id_dealers_user_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_entries_dealer_seq_idx" ON "commission_entries" USING btree ("dealer_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "commission_entries_order_kind_idx" ON "commission_entries" USING btree ("order_id","kind") WHERE kind in ('accrual', 'reversal');--> statement-breakpoint
CREATE INDEX "dealer_customers_dealer_idx" ON "dealer_customers" USING btree ("dealer_id","linked_at");--> statement-breakpoint
CREATE INDEX "payout_requests_dealer_idx" ON "payout_requests" USING btree ("dealer_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_for_users_id_fk" FOREIGN KEY ("placed_for") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_id_dealers_user_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_dealer_submitted_idx" ON "orders" USING btree ("dealer_id","submitted_at") WHERE dealer_id is not null;--> statement-breakpoint
-- The commission ledger is append-only: a dealer's balance is the sum of its entries, so an entry
-- once written is never changed or removed, by the application or by hand.
CREATE FUNCTION "commission_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'commission_entries is append-only: add an entry instead';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "commission_entries_append_only" BEFORE UPDATE OR DELETE ON "commission_entries"
  FOR EACH ROW EXECUTE FUNCTION "commission_entries_append_only"();
