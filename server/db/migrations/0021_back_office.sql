CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_role" text NOT NULL,
	"session_ref" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_known";--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "made_to_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_kind","target_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "orders_submitted_idx" ON "orders" USING btree ("submitted_at","id") WHERE submitted_at is not null and status not in ('open', 'merged');--> statement-breakpoint
CREATE INDEX "orders_status_submitted_idx" ON "orders" USING btree ("status","submitted_at") WHERE submitted_at is not null and status not in ('open', 'merged');--> statement-breakpoint
CREATE INDEX "orders_made_to_order_submitted_idx" ON "orders" USING btree ("made_to_order","submitted_at") WHERE submitted_at is not null and status not in ('open', 'merged');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('customer', 'guest', 'dealer', 'admin', 'staff'));--> statement-breakpoint
-- What the back office's order list filters on, kept on the order so that each filter is a column
-- (services/admin/order-list.ts). `made_to_order`: services/shipping.ts isMadeToOrder as SQL (the
-- order has lines, and each of them, upgrades aside, is a configurable product in a variant not in
-- stock), taken when the order is submitted. `paid_amount`: services/payments/order-money.ts
-- `paid` (settled payments, refunded ones included), kept as payments change.
CREATE FUNCTION "order_made_to_order"(order_id uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = $1 AND l."parent_id" IS NULL)
    AND NOT EXISTS (
      SELECT 1 FROM "order_lines" l
        LEFT JOIN "products" p ON p."slug" = l."product_slug"
        LEFT JOIN "variants" v ON v."sku" = l."sku" AND v."product_slug" = l."product_slug"
      WHERE l."order_id" = $1 AND l."parent_id" IS NULL
        AND NOT coalesce(p."data" ->> 'configurable' = 'true'
          AND jsonb_typeof(p."data" -> 'configurator') = 'object'
          AND NOT v."in_stock", false))
$$;
--> statement-breakpoint
CREATE FUNCTION "orders_made_to_order_at_submit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."made_to_order" := "order_made_to_order"(NEW."id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_made_to_order_at_submit" BEFORE UPDATE OF "submitted_at" ON "orders"
  FOR EACH ROW WHEN (OLD."submitted_at" IS NULL AND NEW."submitted_at" IS NOT NULL)
  EXECUTE FUNCTION "orders_made_to_order_at_submit"();
--> statement-breakpoint
CREATE FUNCTION "orders_paid_amount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "orders" SET "paid_amount" = (
      SELECT coalesce(sum("amount"), 0) FROM "payments"
      WHERE "order_id" = OLD."order_id" AND "status" IN ('settled', 'refunded')
    ) WHERE "id" = OLD."order_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."order_id" <> OLD."order_id") THEN
    UPDATE "orders" SET "paid_amount" = (
      SELECT coalesce(sum("amount"), 0) FROM "payments"
      WHERE "order_id" = NEW."order_id" AND "status" IN ('settled', 'refunded')
    ) WHERE "id" = NEW."order_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only for changes to what counts: a payment attempt's lease, message or refunded amount is no
-- change to what was paid.
CREATE TRIGGER "payments_paid_amount_insert" AFTER INSERT ON "payments"
  FOR EACH ROW WHEN (NEW."status" IN ('settled', 'refunded'))
  EXECUTE FUNCTION "orders_paid_amount"();
--> statement-breakpoint
CREATE TRIGGER "payments_paid_amount_update" AFTER UPDATE OF "status", "amount", "order_id" ON "payments"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."amount" <> NEW."amount"
    OR OLD."order_id" <> NEW."order_id")
  EXECUTE FUNCTION "orders_paid_amount"();
--> statement-breakpoint
CREATE TRIGGER "payments_paid_amount_delete" AFTER DELETE ON "payments"
  FOR EACH ROW WHEN (OLD."status" IN ('settled', 'refunded'))
  EXECUTE FUNCTION "orders_paid_amount"();
--> statement-breakpoint
UPDATE "orders" SET "made_to_order" = "order_made_to_order"("id") WHERE "submitted_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "orders" SET "paid_amount" = paid."amount"
  FROM (
    SELECT "order_id", sum("amount") AS "amount" FROM "payments"
    WHERE "status" IN ('settled', 'refunded') GROUP BY "order_id"
  ) AS paid
  WHERE paid."order_id" = "orders"."id";
