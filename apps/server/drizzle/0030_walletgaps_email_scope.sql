DROP INDEX "email_orders_unmatched_idx";--> statement-breakpoint
ALTER TABLE "email_mailboxes" ADD COLUMN "scope" text DEFAULT 'matching' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_orders" ADD COLUMN "scope" text DEFAULT 'matching' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_orders" ADD COLUMN "trade_order_id" bigint;--> statement-breakpoint
CREATE INDEX "email_orders_trade_order_idx" ON "email_orders" USING btree ("trade_order_id");--> statement-breakpoint
CREATE INDEX "email_orders_scope_idx" ON "email_orders" USING btree ("scope","id");--> statement-breakpoint
CREATE INDEX "email_orders_unmatched_idx" ON "email_orders" USING btree ("created_at") WHERE status = 'unmatched' AND scope = 'matching';