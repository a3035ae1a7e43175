ALTER TABLE "orders" ADD COLUMN "guest_of" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_of_users_id_fk" FOREIGN KEY ("guest_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_guest_of_idx" ON "orders" USING btree ("guest_of") WHERE guest_of is not null and user_id is null;--> statement-breakpoint
CREATE INDEX "orders_user_submitted_idx" ON "orders" USING btree ("user_id","submitted_at");