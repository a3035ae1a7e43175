-- Every write to the catalog (products, variants) raises catalog_version and notifies
-- `catalog_changed` with the new version when its transaction commits, so each API process
-- drops its in-memory catalog (server/services/catalog-cache.ts). Statement-level: one bump per
-- statement however many rows it touches, seeding included.
INSERT INTO "catalog_version" ("id", "version") VALUES (true, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1 RETURNING "version" INTO next_version;
  PERFORM pg_notify('catalog_changed', next_version::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "variants_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "variants"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed"();
