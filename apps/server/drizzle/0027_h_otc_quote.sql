ALTER TABLE "deposit_orders" ADD COLUMN "family" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "quote_currency" text;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "quote_amount" numeric(28, 8);--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "rate" numeric;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "family" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "quote_currency" text;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "quote_amount" numeric(28, 8);--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "rate" numeric;--> statement-breakpoint
CREATE INDEX "deposit_orders_family_created_idx" ON "deposit_orders" USING btree ("family","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_quote_currency_idx" ON "deposit_orders" USING btree ("quote_currency","created_at") WHERE family <> 'normal';--> statement-breakpoint
CREATE INDEX "deposit_orders_quoted_third_party_idx" ON "deposit_orders" USING btree ("third_party_id","created_at") WHERE family <> 'normal';--> statement-breakpoint
CREATE INDEX "withdraw_orders_family_created_idx" ON "withdraw_orders" USING btree ("family","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_orders_quote_currency_idx" ON "withdraw_orders" USING btree ("quote_currency","created_at") WHERE family <> 'normal';