CREATE TABLE "trade_traders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"owner_code" text NOT NULL,
	"merchant_id" integer,
	"adjust_status" text DEFAULT 'none' NOT NULL,
	"adjust_amount" numeric(28, 8),
	"adjust_reason" text,
	"adjust_by" integer,
	"adjust_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "trade_orders_buyer_open_idx";--> statement-breakpoint
DROP INDEX "trade_orders_seller_open_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "trade_traders_owner_idx" ON "trade_traders" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "trade_traders_code_idx" ON "trade_traders" USING btree ("owner_code");--> statement-breakpoint
CREATE INDEX "trade_traders_code_trgm_idx" ON "trade_traders" USING gin ("owner_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_traders_merchant_idx" ON "trade_traders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_traders_adjust_idx" ON "trade_traders" USING btree ("adjust_status","created_at");--> statement-breakpoint
CREATE INDEX "trade_traders_created_idx" ON "trade_traders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trade_orders_buyer_party_idx" ON "trade_orders" USING btree ("buyer_type","buyer_id","status");--> statement-breakpoint
CREATE INDEX "trade_orders_seller_party_idx" ON "trade_orders" USING btree ("seller_type","seller_id","status");