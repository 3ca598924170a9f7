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
ALTER TABLE "trade_ads" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "report_trade_pair_days_key" ON "report_trade_pair_days" USING btree ("day","side","advertiser","ad_merchant_id","counterparty","counterparty_merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_trade_party_days_key" ON "report_trade_party_days" USING btree ("day","role","side","trader_type","trader","merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_trade_sync_days_key" ON "report_trade_sync_days" USING btree ("day","merchant_id","via");--> statement-breakpoint
CREATE INDEX "trade_ads_created_xid_idx" ON "trade_ads" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "trade_orders_created_xid_idx" ON "trade_orders" USING btree ("created_xid");