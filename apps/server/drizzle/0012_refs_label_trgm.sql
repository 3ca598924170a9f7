CREATE INDEX "merchants_name_trgm_idx" ON "merchants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "members_account_trgm_idx" ON "members" USING gin ("account" gin_trgm_ops);