DROP INDEX "deposit_orders_status_idx";--> statement-breakpoint
DROP INDEX "withdraw_orders_status_idx";--> statement-breakpoint
DROP INDEX "deposit_orders_merchant_idx";--> statement-breakpoint
DROP INDEX "deposit_orders_passage_idx";--> statement-breakpoint
DROP INDEX "deposit_orders_pay_type_idx";--> statement-breakpoint
DROP INDEX "deposit_orders_created_idx";--> statement-breakpoint
DROP INDEX "withdraw_orders_merchant_idx";--> statement-breakpoint
DROP INDEX "withdraw_orders_passage_idx";--> statement-breakpoint
DROP INDEX "withdraw_orders_created_idx";--> statement-breakpoint
CREATE INDEX "withdraw_orders_open_idx" ON "withdraw_orders" USING btree ("created_at","merchant_id","amount","status") WHERE status IN ('in_review', 'approved', 'paying', 'detained');--> statement-breakpoint
CREATE INDEX "deposit_orders_merchant_idx" ON "deposit_orders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_passage_idx" ON "deposit_orders" USING btree ("passage_id","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_pay_type_idx" ON "deposit_orders" USING btree ("pay_type","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_created_idx" ON "deposit_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "withdraw_orders_merchant_idx" ON "withdraw_orders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_orders_passage_idx" ON "withdraw_orders" USING btree ("passage_id","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_orders_created_idx" ON "withdraw_orders" USING btree ("created_at","id");