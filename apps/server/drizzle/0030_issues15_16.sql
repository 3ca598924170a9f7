CREATE TABLE "report_trade_pair_days" (
	"day" date NOT NULL,
	"side" text NOT NULL,
	"advertiser" text NOT NULL,
	"ad_merchant_id" integer NOT NULL,
	"counterparty" text NOT NULL,
	"counterparty_merchant_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"completed_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"disputes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_trade_party_days" (
	"day" date NOT NULL,
	"role" text NOT NULL,
	"side" text NOT NULL,
	"trader_type" text NOT NULL,
	"trader" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"ads" integer DEFAULT 0 NOT NULL,
	"ad_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"completed_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"timeouts" integer DEFAULT 0 NOT NULL,
	"disputes" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"pay_seconds" bigint DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"confirm_seconds" bigint DEFAULT 0 NOT NULL,
	"pay_0" integer DEFAULT 0 NOT NULL,
	"confirm_0" integer DEFAULT 0 NOT NULL,
	"pay_1" integer DEFAULT 0 NOT NULL,
	"confirm_1" integer DEFAULT 0 NOT NULL,
	"pay_2" integer DEFAULT 0 NOT NULL,
	"confirm_2" integer DEFAULT 0 NOT NULL,
	"pay_3" integer DEFAULT 0 NOT NULL,
	"confirm_3" integer DEFAULT 0 NOT NULL,
	"pay_4" integer DEFAULT 0 NOT NULL,
	"confirm_4" integer DEFAULT 0 NOT NULL,
	"pay_5" integer DEFAULT 0 NOT NULL,
	"confirm_5" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_trade_sync_days" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"via" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"final" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"completed_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"timeouts" integer DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_market_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"remote_no" text NOT NULL,
	"mch_no" text NOT NULL,
	"ref" text NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trade_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"push_no" text NOT NULL,
	"ad_id" bigint NOT NULL,
	"ad_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"pool_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"side" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"remote_no" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"forced" boolean DEFAULT false NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_rec_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"item_key" text NOT NULL,
	"kind" text NOT NULL,
	"order_no" text,
	"push_no" text,
	"remote_no" text,
	"local_status" text,
	"remote_status" text,
	"local_amount" numeric(28, 8),
	"remote_amount" numeric(28, 8),
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"explained_by" integer,
	"explained_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_rec_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"pool_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"local_count" integer DEFAULT 0 NOT NULL,
	"local_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"remote_count" integer DEFAULT 0 NOT NULL,
	"remote_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"open_differences" integer DEFAULT 0 NOT NULL,
	"result" text DEFAULT 'matched' NOT NULL,
	"run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_orders_unmatched_idx";--> statement-breakpoint
ALTER TABLE "email_mailboxes" ADD COLUMN "scope" text DEFAULT 'matching' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_orders" ADD COLUMN "scope" text DEFAULT 'matching' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_orders" ADD COLUMN "trade_order_id" bigint;--> statement-breakpoint
ALTER TABLE "trade_ads" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_timeouts" ADD COLUMN "push_minutes" integer;--> statement-breakpoint
ALTER TABLE "trade_timeouts" ADD COLUMN "market_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "report_trade_pair_days_key" ON "report_trade_pair_days" USING btree ("day","side","advertiser","ad_merchant_id","counterparty","counterparty_merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_trade_party_days_key" ON "report_trade_party_days" USING btree ("day","role","side","trader_type","trader","merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_trade_sync_days_key" ON "report_trade_sync_days" USING btree ("day","merchant_id","via");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_market_orders_no_idx" ON "sandbox_market_orders" USING btree ("remote_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_market_orders_ref_idx" ON "sandbox_market_orders" USING btree ("mch_no","ref");--> statement-breakpoint
CREATE INDEX "sandbox_market_orders_day_idx" ON "sandbox_market_orders" USING btree ("mch_no","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_pushes_push_no_idx" ON "trade_pushes" USING btree ("push_no");--> statement-breakpoint
CREATE INDEX "trade_pushes_push_no_trgm_idx" ON "trade_pushes" USING gin ("push_no" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "trade_pushes_live_ad_idx" ON "trade_pushes" USING btree ("ad_id") WHERE status IN ('pending', 'accepted', 'failed');--> statement-breakpoint
CREATE INDEX "trade_pushes_ad_no_idx" ON "trade_pushes" USING btree ("ad_no");--> statement-breakpoint
CREATE INDEX "trade_pushes_order_idx" ON "trade_pushes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trade_pushes_order_no_idx" ON "trade_pushes" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "trade_pushes_remote_no_idx" ON "trade_pushes" USING btree ("remote_no");--> statement-breakpoint
CREATE INDEX "trade_pushes_pool_idx" ON "trade_pushes" USING btree ("pool_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_pushes_market_idx" ON "trade_pushes" USING btree ("market_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_pushes_status_idx" ON "trade_pushes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trade_pushes_forced_idx" ON "trade_pushes" USING btree ("forced","created_at");--> statement-breakpoint
CREATE INDEX "trade_pushes_created_idx" ON "trade_pushes" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_rec_items_key_idx" ON "trade_rec_items" USING btree ("run_id","item_key");--> statement-breakpoint
CREATE INDEX "trade_rec_items_kind_idx" ON "trade_rec_items" USING btree ("kind","run_id");--> statement-breakpoint
CREATE INDEX "trade_rec_items_status_idx" ON "trade_rec_items" USING btree ("status","run_id");--> statement-breakpoint
CREATE INDEX "trade_rec_items_order_no_idx" ON "trade_rec_items" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "trade_rec_items_remote_no_idx" ON "trade_rec_items" USING btree ("remote_no");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_rec_runs_key_idx" ON "trade_rec_runs" USING btree ("day","market_id","pool_id");--> statement-breakpoint
CREATE INDEX "trade_rec_runs_pool_idx" ON "trade_rec_runs" USING btree ("pool_id","day");--> statement-breakpoint
CREATE INDEX "trade_rec_runs_market_idx" ON "trade_rec_runs" USING btree ("market_id","day");--> statement-breakpoint
CREATE INDEX "trade_rec_runs_result_idx" ON "trade_rec_runs" USING btree ("result","day");--> statement-breakpoint
CREATE INDEX "email_orders_trade_order_idx" ON "email_orders" USING btree ("trade_order_id");--> statement-breakpoint
CREATE INDEX "email_orders_scope_idx" ON "email_orders" USING btree ("scope","id");--> statement-breakpoint
CREATE INDEX "trade_ads_created_xid_idx" ON "trade_ads" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "trade_orders_created_xid_idx" ON "trade_orders" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "email_orders_unmatched_idx" ON "email_orders" USING btree ("created_at") WHERE status = 'unmatched' AND scope = 'matching';