CREATE TABLE "trade_ads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_no" text NOT NULL,
	"side" text NOT NULL,
	"pool_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"owner_code" text NOT NULL,
	"merchant_id" integer,
	"amount" numeric(28, 8) NOT NULL,
	"remaining" numeric(28, 8) NOT NULL,
	"min_take" numeric(28, 8) NOT NULL,
	"max_take" numeric(28, 8) NOT NULL,
	"pay_types" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_ads_remaining_check" CHECK ("trade_ads"."remaining" >= 0 AND "trade_ads"."remaining" <= "trade_ads"."amount")
);
--> statement-breakpoint
CREATE TABLE "trade_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"apply_no" text NOT NULL,
	"side" text NOT NULL,
	"kind" text NOT NULL,
	"pool_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"owner_code" text NOT NULL,
	"merchant_id" integer,
	"amount" numeric(28, 8),
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"ad_id" bigint NOT NULL,
	"ad_no" text NOT NULL,
	"side" text NOT NULL,
	"pool_id" integer NOT NULL,
	"buyer_type" text NOT NULL,
	"buyer_id" bigint NOT NULL,
	"buyer_code" text NOT NULL,
	"buyer_merchant_id" integer,
	"seller_type" text NOT NULL,
	"seller_id" bigint NOT NULL,
	"seller_code" text NOT NULL,
	"seller_merchant_id" integer,
	"currency" text NOT NULL,
	"fiat" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"price" numeric(28, 8) NOT NULL,
	"fiat_amount" numeric(28, 8) NOT NULL,
	"fee" numeric(28, 8) NOT NULL,
	"pay_type" text NOT NULL,
	"status" text DEFAULT 'matched' NOT NULL,
	"voucher_hash" text,
	"voucher_type" text,
	"voucher_size" integer,
	"confirmed_by" text,
	"deadline" timestamp with time zone,
	"reason" text,
	"freeze_entry_id" bigint,
	"end_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"fiat" text DEFAULT 'CNY' NOT NULL,
	"price_source" text DEFAULT 'rate' NOT NULL,
	"spread" numeric(10, 6) DEFAULT '0' NOT NULL,
	"fixed_price" numeric(28, 8),
	"fee_rate" numeric(10, 6) DEFAULT '0' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pool_id" integer NOT NULL,
	"trader_type" text DEFAULT 'member' NOT NULL,
	"merchant_id" integer,
	"min_amount" numeric(28, 8) NOT NULL,
	"max_amount" numeric(28, 8) NOT NULL,
	"large_ad_amount" numeric(28, 8) NOT NULL,
	"pay_types" text DEFAULT 'bank_card,alipay,wechat' NOT NULL,
	"max_open_orders" integer DEFAULT 5 NOT NULL,
	"require_advertiser" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_timeouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_id" integer NOT NULL,
	"pay_minutes" integer NOT NULL,
	"confirm_minutes" integer NOT NULL,
	"ad_hours" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_rules" ADD CONSTRAINT "trade_rules_pool_id_trade_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."trade_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_timeouts" ADD CONSTRAINT "trade_timeouts_pool_id_trade_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."trade_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_ads_ad_no_idx" ON "trade_ads" USING btree ("ad_no");--> statement-breakpoint
CREATE INDEX "trade_ads_ad_no_trgm_idx" ON "trade_ads" USING gin ("ad_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_ads_side_created_idx" ON "trade_ads" USING btree ("side","created_at","id");--> statement-breakpoint
CREATE INDEX "trade_ads_status_idx" ON "trade_ads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trade_ads_created_idx" ON "trade_ads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trade_ads_pool_idx" ON "trade_ads" USING btree ("pool_id","side","created_at");--> statement-breakpoint
CREATE INDEX "trade_ads_owner_idx" ON "trade_ads" USING btree ("owner_type","owner_id","status");--> statement-breakpoint
CREATE INDEX "trade_ads_owner_code_idx" ON "trade_ads" USING btree ("owner_code");--> statement-breakpoint
CREATE INDEX "trade_ads_merchant_idx" ON "trade_ads" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_ads_amount_idx" ON "trade_ads" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "trade_ads_expiry_idx" ON "trade_ads" USING btree ("expires_at") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "trade_applications_apply_no_idx" ON "trade_applications" USING btree ("apply_no");--> statement-breakpoint
CREATE INDEX "trade_applications_apply_no_trgm_idx" ON "trade_applications" USING gin ("apply_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_applications_side_idx" ON "trade_applications" USING btree ("side","created_at","id");--> statement-breakpoint
CREATE INDEX "trade_applications_status_idx" ON "trade_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trade_applications_created_idx" ON "trade_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trade_applications_kind_idx" ON "trade_applications" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "trade_applications_pool_idx" ON "trade_applications" USING btree ("pool_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_applications_owner_idx" ON "trade_applications" USING btree ("owner_type","owner_id","side","kind","status");--> statement-breakpoint
CREATE INDEX "trade_applications_owner_code_idx" ON "trade_applications" USING btree ("owner_code");--> statement-breakpoint
CREATE INDEX "trade_applications_merchant_idx" ON "trade_applications" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_orders_order_no_idx" ON "trade_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "trade_orders_order_no_trgm_idx" ON "trade_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_orders_ad_idx" ON "trade_orders" USING btree ("ad_id","status");--> statement-breakpoint
CREATE INDEX "trade_orders_ad_no_idx" ON "trade_orders" USING btree ("ad_no");--> statement-breakpoint
CREATE INDEX "trade_orders_side_idx" ON "trade_orders" USING btree ("side","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_pool_idx" ON "trade_orders" USING btree ("pool_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_buyer_idx" ON "trade_orders" USING btree ("buyer_code");--> statement-breakpoint
CREATE INDEX "trade_orders_seller_idx" ON "trade_orders" USING btree ("seller_code");--> statement-breakpoint
CREATE INDEX "trade_orders_buyer_mch_idx" ON "trade_orders" USING btree ("buyer_merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_seller_mch_idx" ON "trade_orders" USING btree ("seller_merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_buyer_open_idx" ON "trade_orders" USING btree ("buyer_type","buyer_id") WHERE status IN ('matched', 'paid', 'disputed');--> statement-breakpoint
CREATE INDEX "trade_orders_seller_open_idx" ON "trade_orders" USING btree ("seller_type","seller_id") WHERE status IN ('matched', 'paid', 'disputed');--> statement-breakpoint
CREATE INDEX "trade_orders_amount_idx" ON "trade_orders" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "trade_orders_pay_type_idx" ON "trade_orders" USING btree ("pay_type","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_status_idx" ON "trade_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_confirmed_by_idx" ON "trade_orders" USING btree ("confirmed_by","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_created_idx" ON "trade_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trade_orders_deadline_idx" ON "trade_orders" USING btree ("status","deadline") WHERE status IN ('matched', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "trade_pools_code_idx" ON "trade_pools" USING btree ("code");--> statement-breakpoint
CREATE INDEX "trade_rules_pool_idx" ON "trade_rules" USING btree ("pool_id","trader_type");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_timeouts_pool_idx" ON "trade_timeouts" USING btree ("pool_id");