CREATE TABLE "counter_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_no" text NOT NULL,
	"wallet_member_id" bigint NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"cashier_id" integer,
	"cashier_name" text DEFAULT '' NOT NULL,
	"entry_id" bigint,
	"close_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "counter_sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"wallet_member_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"sent_by" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mock_exchange_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"exchange_currency" text NOT NULL,
	"type" text NOT NULL,
	"exchange_rate" numeric(28, 8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mock_order_tests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"mch_order_no" text NOT NULL,
	"order_no" text,
	"amount" numeric(28, 8) NOT NULL,
	"pay_type" text DEFAULT '' NOT NULL,
	"http_status" integer NOT NULL,
	"answer_code" integer NOT NULL,
	"answer_message" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mock_traders" (
	"side" text PRIMARY KEY NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"rate_per_minute" integer DEFAULT 6 NOT NULL,
	"amount_min" numeric(28, 8) DEFAULT '100' NOT NULL,
	"amount_max" numeric(28, 8) DEFAULT '1000' NOT NULL,
	"late_share" numeric(10, 6) DEFAULT '0.1' NOT NULL,
	"dispute_share" numeric(10, 6) DEFAULT '0.1' NOT NULL,
	"actions" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchants" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_first_deposits" (
	"merchant_id" integer NOT NULL,
	"member_account" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"passage_id" integer,
	"pay_type" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"level" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "member_first_deposits_merchant_id_member_account_pk" PRIMARY KEY("merchant_id","member_account")
);
--> statement-breakpoint
CREATE TABLE "member_level_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"from_level" integer NOT NULL,
	"to_level" integer NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_first_deposit_channels" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"passage_id" integer NOT NULL,
	"pay_type" text NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_first_deposit_cohorts" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"level" integer NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"back1" integer DEFAULT 0 NOT NULL,
	"back3" integer DEFAULT 0 NOT NULL,
	"back7" integer DEFAULT 0 NOT NULL,
	"back15" integer DEFAULT 0 NOT NULL,
	"back30" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_level_days" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"from_level" integer NOT NULL,
	"to_level" integer NOT NULL,
	"promoted" integer DEFAULT 0 NOT NULL,
	"demoted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_match_days" (
	"day" date NOT NULL,
	"deposit_merchant_id" integer NOT NULL,
	"withdraw_merchant_id" integer NOT NULL,
	"matches" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"confirmed_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"confirmed_fee" numeric(28, 8) DEFAULT '0' NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failed_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	"confirm_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_match_sync_days" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"family" text NOT NULL,
	"callbacks" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"delivered_amount" numeric(28, 8) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_match_wait_days" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"bucket" smallint NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"wait_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_third_error_days" (
	"day" date NOT NULL,
	"third_party_id" integer NOT NULL,
	"passage_id" integer NOT NULL,
	"source" text NOT NULL,
	"error" text NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_third_push_days" (
	"day" date NOT NULL,
	"third_party_id" integer NOT NULL,
	"passage_id" integer NOT NULL,
	"direction" text NOT NULL,
	"pushes" integer DEFAULT 0 NOT NULL,
	"push_errors" integer DEFAULT 0 NOT NULL,
	"callbacks" integer DEFAULT 0 NOT NULL,
	"callbacks_refused" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "wallet_members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"id_number" text DEFAULT '' NOT NULL,
	"kyc_state" text DEFAULT 'none' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"language" text DEFAULT 'zh-CN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_pay_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet_member_id" bigint NOT NULL,
	"member_account" text NOT NULL,
	"pay_type" text NOT NULL,
	"account_no" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_dispute_evidence" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dispute_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"added_by" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_hash" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_disputes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dispute_no" text NOT NULL,
	"trade_order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"buyer_code" text NOT NULL,
	"seller_code" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"fiat_amount" numeric(28, 8) NOT NULL,
	"opened_by" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"overdue" boolean DEFAULT false NOT NULL,
	"claimed_by" integer,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"resolution" text,
	"split_amount" numeric(28, 8),
	"proposed_by" integer,
	"decided_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_fixed_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet_member_id" bigint NOT NULL,
	"member_account" text NOT NULL,
	"pay_type" text NOT NULL,
	"payload" text NOT NULL,
	"payload_hash" text NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_im_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"side" text NOT NULL,
	"language" text NOT NULL,
	"content" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_pay_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_type" text NOT NULL,
	"single_min" numeric(28, 8) NOT NULL,
	"single_max" numeric(28, 8) NOT NULL,
	"daily_limit" numeric(28, 8) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_sell_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pay_type" text NOT NULL,
	"single_min" numeric(28, 8) NOT NULL,
	"single_max" numeric(28, 8) NOT NULL,
	"daily_limit" numeric(28, 8) NOT NULL,
	"pay_minutes" integer DEFAULT 15 NOT NULL,
	"min_level" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_sell_splits" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_amount" numeric(28, 8) NOT NULL,
	"to_amount" numeric(28, 8) NOT NULL,
	"piece_min" numeric(28, 8) NOT NULL,
	"piece_max" numeric(28, 8) NOT NULL,
	"max_pieces" integer DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_withdraw_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_type" text NOT NULL,
	"single_min" numeric(28, 8) NOT NULL,
	"single_max" numeric(28, 8) NOT NULL,
	"daily_limit" numeric(28, 8) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fee_rate" numeric(10, 6) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
DROP INDEX "match_pool_live_idx";--> statement-breakpoint
ALTER TABLE "usdt_deposit_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "usdt_withdraw_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_notifications" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_notify_attempts" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_block_log" ADD COLUMN "email_order_id" bigint;--> statement-breakpoint
ALTER TABLE "routing_decisions" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "upstream_callbacks" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "status_history" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_merchants" ADD CONSTRAINT "sandbox_merchants_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_rules" ADD CONSTRAINT "trade_rules_pool_id_trade_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."trade_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_timeouts" ADD CONSTRAINT "trade_timeouts_pool_id_trade_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."trade_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_pay_accounts" ADD CONSTRAINT "wallet_pay_accounts_wallet_member_id_wallet_members_id_fk" FOREIGN KEY ("wallet_member_id") REFERENCES "public"."wallet_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_dispute_evidence" ADD CONSTRAINT "wallet_dispute_evidence_dispute_id_wallet_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."wallet_disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_fixed_codes" ADD CONSTRAINT "wallet_fixed_codes_wallet_member_id_wallet_members_id_fk" FOREIGN KEY ("wallet_member_id") REFERENCES "public"."wallet_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_payments_no_idx" ON "counter_payments" USING btree ("payment_no");--> statement-breakpoint
CREATE INDEX "counter_payments_no_trgm_idx" ON "counter_payments" USING gin ("payment_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counter_payments_member_idx" ON "counter_payments" USING btree ("wallet_member_id","id");--> statement-breakpoint
CREATE INDEX "counter_payments_status_idx" ON "counter_payments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "counter_payments_cashier_idx" ON "counter_payments" USING btree ("cashier_name","id");--> statement-breakpoint
CREATE INDEX "counter_payments_created_idx" ON "counter_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "counter_sms_codes_payment_idx" ON "counter_sms_codes" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "counter_sms_codes_member_idx" ON "counter_sms_codes" USING btree ("wallet_member_id","sent_at");--> statement-breakpoint
CREATE INDEX "counter_sms_codes_state_idx" ON "counter_sms_codes" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "counter_sms_codes_sent_idx" ON "counter_sms_codes" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "sandbox_sms_outbox_phone_idx" ON "sandbox_sms_outbox" USING btree ("phone","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mock_exchange_rates_pair_idx" ON "mock_exchange_rates" USING btree ("currency","exchange_currency","type");--> statement-breakpoint
CREATE INDEX "mock_order_tests_created_idx" ON "mock_order_tests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mock_order_tests_direction_idx" ON "mock_order_tests" USING btree ("direction","id");--> statement-breakpoint
CREATE INDEX "mock_order_tests_order_no_idx" ON "mock_order_tests" USING btree ("order_no") WHERE order_no IS NOT NULL;--> statement-breakpoint
CREATE INDEX "member_first_deposits_created_xid_idx" ON "member_first_deposits" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "member_first_deposits_at_idx" ON "member_first_deposits" USING btree ("at");--> statement-breakpoint
CREATE INDEX "member_level_changes_created_xid_idx" ON "member_level_changes" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "member_level_changes_at_idx" ON "member_level_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "member_level_changes_member_idx" ON "member_level_changes" USING btree ("member_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_first_deposit_channels_key" ON "report_first_deposit_channels" USING btree ("day","merchant_id","passage_id","pay_type");--> statement-breakpoint
CREATE UNIQUE INDEX "report_first_deposit_cohorts_key" ON "report_first_deposit_cohorts" USING btree ("day","merchant_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "report_level_days_key" ON "report_level_days" USING btree ("day","merchant_id","from_level","to_level");--> statement-breakpoint
CREATE UNIQUE INDEX "report_match_days_key" ON "report_match_days" USING btree ("day","deposit_merchant_id","withdraw_merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_match_sync_days_key" ON "report_match_sync_days" USING btree ("day","merchant_id","family");--> statement-breakpoint
CREATE UNIQUE INDEX "report_match_wait_days_key" ON "report_match_wait_days" USING btree ("day","merchant_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "report_third_error_days_key" ON "report_third_error_days" USING btree ("day","third_party_id","passage_id","source","error");--> statement-breakpoint
CREATE UNIQUE INDEX "report_third_push_days_key" ON "report_third_push_days" USING btree ("day","third_party_id","passage_id","direction");--> statement-breakpoint
CREATE INDEX "report_member_days_source_idx" ON "report_member_days" USING btree ("source","day");--> statement-breakpoint
CREATE INDEX "report_order_days_source_idx" ON "report_order_days" USING btree ("source","day");--> statement-breakpoint
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
CREATE INDEX "trade_orders_buyer_party_idx" ON "trade_orders" USING btree ("buyer_type","buyer_id","status");--> statement-breakpoint
CREATE INDEX "trade_orders_seller_party_idx" ON "trade_orders" USING btree ("seller_type","seller_id","status");--> statement-breakpoint
CREATE INDEX "trade_orders_amount_idx" ON "trade_orders" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "trade_orders_pay_type_idx" ON "trade_orders" USING btree ("pay_type","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_status_idx" ON "trade_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_confirmed_by_idx" ON "trade_orders" USING btree ("confirmed_by","created_at");--> statement-breakpoint
CREATE INDEX "trade_orders_created_idx" ON "trade_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trade_orders_deadline_idx" ON "trade_orders" USING btree ("status","deadline") WHERE status IN ('matched', 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "trade_pools_code_idx" ON "trade_pools" USING btree ("code");--> statement-breakpoint
CREATE INDEX "trade_rules_pool_idx" ON "trade_rules" USING btree ("pool_id","trader_type");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_timeouts_pool_idx" ON "trade_timeouts" USING btree ("pool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_traders_owner_idx" ON "trade_traders" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "trade_traders_code_idx" ON "trade_traders" USING btree ("owner_code");--> statement-breakpoint
CREATE INDEX "trade_traders_code_trgm_idx" ON "trade_traders" USING gin ("owner_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "trade_traders_merchant_idx" ON "trade_traders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_traders_adjust_idx" ON "trade_traders" USING btree ("adjust_status","created_at");--> statement-breakpoint
CREATE INDEX "trade_traders_created_idx" ON "trade_traders" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_members_account_idx" ON "wallet_members" USING btree ("account");--> statement-breakpoint
CREATE INDEX "wallet_members_account_trgm_idx" ON "wallet_members" USING gin ("account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wallet_members_phone_idx" ON "wallet_members" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "wallet_members_kyc_idx" ON "wallet_members" USING btree ("kyc_state","id");--> statement-breakpoint
CREATE INDEX "wallet_members_level_idx" ON "wallet_members" USING btree ("level","id");--> statement-breakpoint
CREATE INDEX "wallet_members_status_idx" ON "wallet_members" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "wallet_members_created_idx" ON "wallet_members" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_pay_accounts_member_idx" ON "wallet_pay_accounts" USING btree ("wallet_member_id");--> statement-breakpoint
CREATE INDEX "wallet_pay_accounts_account_idx" ON "wallet_pay_accounts" USING btree ("member_account","id");--> statement-breakpoint
CREATE INDEX "wallet_pay_accounts_no_idx" ON "wallet_pay_accounts" USING btree ("account_no");--> statement-breakpoint
CREATE INDEX "wallet_pay_accounts_type_idx" ON "wallet_pay_accounts" USING btree ("pay_type","id");--> statement-breakpoint
CREATE INDEX "wallet_pay_accounts_created_idx" ON "wallet_pay_accounts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_dispute_evidence_dispute_idx" ON "wallet_dispute_evidence" USING btree ("dispute_id","id");--> statement-breakpoint
CREATE INDEX "wallet_dispute_evidence_kind_idx" ON "wallet_dispute_evidence" USING btree ("kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_disputes_no_idx" ON "wallet_disputes" USING btree ("dispute_no");--> statement-breakpoint
CREATE INDEX "wallet_disputes_no_trgm_idx" ON "wallet_disputes" USING gin ("dispute_no" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_disputes_open_order_idx" ON "wallet_disputes" USING btree ("trade_order_id") WHERE status <> 'resolved';--> statement-breakpoint
CREATE INDEX "wallet_disputes_order_idx" ON "wallet_disputes" USING btree ("trade_order_id");--> statement-breakpoint
CREATE INDEX "wallet_disputes_order_no_idx" ON "wallet_disputes" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "wallet_disputes_buyer_idx" ON "wallet_disputes" USING btree ("buyer_code");--> statement-breakpoint
CREATE INDEX "wallet_disputes_seller_idx" ON "wallet_disputes" USING btree ("seller_code");--> statement-breakpoint
CREATE INDEX "wallet_disputes_opened_by_idx" ON "wallet_disputes" USING btree ("opened_by","id");--> statement-breakpoint
CREATE INDEX "wallet_disputes_status_idx" ON "wallet_disputes" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "wallet_disputes_claimed_idx" ON "wallet_disputes" USING btree ("claimed_by","id");--> statement-breakpoint
CREATE INDEX "wallet_disputes_resolution_idx" ON "wallet_disputes" USING btree ("resolution","id");--> statement-breakpoint
CREATE INDEX "wallet_disputes_created_idx" ON "wallet_disputes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_disputes_due_idx" ON "wallet_disputes" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "wallet_disputes_overdue_idx" ON "wallet_disputes" USING btree ("overdue","id") WHERE status <> 'resolved';--> statement-breakpoint
CREATE INDEX "wallet_fixed_codes_member_idx" ON "wallet_fixed_codes" USING btree ("wallet_member_id","id");--> statement-breakpoint
CREATE INDEX "wallet_fixed_codes_account_idx" ON "wallet_fixed_codes" USING btree ("member_account","id");--> statement-breakpoint
CREATE INDEX "wallet_fixed_codes_type_idx" ON "wallet_fixed_codes" USING btree ("pay_type","id");--> statement-breakpoint
CREATE INDEX "wallet_fixed_codes_status_idx" ON "wallet_fixed_codes" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_fixed_codes_hash_idx" ON "wallet_fixed_codes" USING btree ("payload_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_pay_types_type_idx" ON "wallet_pay_types" USING btree ("pay_type");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_settings_key_idx" ON "wallet_settings" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdraw_types_type_idx" ON "wallet_withdraw_types" USING btree ("pay_type");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_created_xid_idx" ON "usdt_deposit_orders" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_created_xid_idx" ON "usdt_withdraw_orders" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "matches_created_xid_idx" ON "matches" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "matches_voucher_hash_idx" ON "matches" USING btree ("voucher_hash") WHERE voucher_hash IS NOT NULL;--> statement-breakpoint
CREATE INDEX "merchant_notifications_created_xid_idx" ON "merchant_notifications" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "merchant_notify_attempts_created_xid_idx" ON "merchant_notify_attempts" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "deposit_orders_created_xid_idx" ON "deposit_orders" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "withdraw_orders_created_xid_idx" ON "withdraw_orders" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "risk_block_log_email_order_idx" ON "risk_block_log" USING btree ("email_order_id") WHERE email_order_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "routing_decisions_created_xid_idx" ON "routing_decisions" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "upstream_callbacks_created_xid_idx" ON "upstream_callbacks" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "status_history_xid_idx" ON "status_history" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "match_pool_live_idx" ON "match_pool" USING btree ("pool_group","priority" DESC NULLS FIRST,"entered_at","id") WHERE remaining > 0;--> statement-breakpoint
ALTER TABLE "match_rules" DROP COLUMN "min_match_level";--> statement-breakpoint
ALTER TABLE "match_rules" DROP COLUMN "max_level_gap";