CREATE TABLE "report_member_days" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"direction" text NOT NULL,
	"family" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_account" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"success_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"success_fee" numeric(28, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_member_days_pk" PRIMARY KEY("day","merchant_id","member_account","source","family")
);
--> statement-breakpoint
CREATE TABLE "report_order_days" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"direction" text NOT NULL,
	"family" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"passage_id" integer NOT NULL,
	"third_party_id" integer NOT NULL,
	"pay_type" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"order_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"success_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"success_fee" numeric(28, 8) DEFAULT '0' NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"failed_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"pay_seconds" numeric(28, 8) DEFAULT '0' NOT NULL,
	"pay_time_0" integer DEFAULT 0 NOT NULL,
	"pay_time_1" integer DEFAULT 0 NOT NULL,
	"pay_time_2" integer DEFAULT 0 NOT NULL,
	"pay_time_3" integer DEFAULT 0 NOT NULL,
	"pay_time_4" integer DEFAULT 0 NOT NULL,
	"pay_time_5" integer DEFAULT 0 NOT NULL,
	"band_0_count" integer DEFAULT 0 NOT NULL,
	"band_0_success_count" integer DEFAULT 0 NOT NULL,
	"band_0_success_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"band_1_count" integer DEFAULT 0 NOT NULL,
	"band_1_success_count" integer DEFAULT 0 NOT NULL,
	"band_1_success_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"band_2_count" integer DEFAULT 0 NOT NULL,
	"band_2_success_count" integer DEFAULT 0 NOT NULL,
	"band_2_success_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"band_3_count" integer DEFAULT 0 NOT NULL,
	"band_3_success_count" integer DEFAULT 0 NOT NULL,
	"band_3_success_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"band_4_count" integer DEFAULT 0 NOT NULL,
	"band_4_success_count" integer DEFAULT 0 NOT NULL,
	"band_4_success_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"band_5_count" integer DEFAULT 0 NOT NULL,
	"band_5_success_count" integer DEFAULT 0 NOT NULL,
	"band_5_success_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"band_6_count" integer DEFAULT 0 NOT NULL,
	"band_6_success_count" integer DEFAULT 0 NOT NULL,
	"band_6_success_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "report_order_days_pk" PRIMARY KEY("day","source","family","merchant_id","passage_id","third_party_id","pay_type")
);
--> statement-breakpoint
CREATE TABLE "report_watermarks" (
	"name" text PRIMARY KEY NOT NULL,
	"xid" "xid8" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usdt_deposit_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "usdt_withdraw_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "status_history" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "report_member_days_source_idx" ON "report_member_days" USING btree ("source","day");--> statement-breakpoint
CREATE INDEX "report_order_days_source_idx" ON "report_order_days" USING btree ("source","day");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_created_xid_idx" ON "usdt_deposit_orders" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_created_xid_idx" ON "usdt_withdraw_orders" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "deposit_orders_created_xid_idx" ON "deposit_orders" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "withdraw_orders_created_xid_idx" ON "withdraw_orders" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "status_history_xid_idx" ON "status_history" USING btree ("xid");