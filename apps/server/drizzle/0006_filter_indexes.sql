DROP INDEX "member_rebate_orders_member_idx";--> statement-breakpoint
DROP INDEX "member_rebate_orders_mch_idx";--> statement-breakpoint
DROP INDEX "member_rebate_orders_status_idx";--> statement-breakpoint
DROP INDEX "member_rebate_orders_created_idx";--> statement-breakpoint
DROP INDEX "ledger_postings_code_idx";--> statement-breakpoint
DROP INDEX "ledger_postings_merchant_idx";--> statement-breakpoint
DROP INDEX "ledger_postings_kind_idx";--> statement-breakpoint
DROP INDEX "ledger_postings_created_idx";--> statement-breakpoint
CREATE INDEX "member_payment_accounts_created_idx" ON "member_payment_accounts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "members_finance_tags_idx" ON "members" USING gin ("finance_tags" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "member_rebate_orders_member_idx" ON "member_rebate_orders" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "member_rebate_orders_mch_idx" ON "member_rebate_orders" USING btree ("mch_no","id");--> statement-breakpoint
CREATE INDEX "member_rebate_orders_status_idx" ON "member_rebate_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "member_rebate_orders_created_idx" ON "member_rebate_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_postings_code_idx" ON "ledger_postings" USING btree ("owner_code","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_merchant_idx" ON "ledger_postings" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_kind_idx" ON "ledger_postings" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_created_idx" ON "ledger_postings" USING btree ("created_at");