CREATE TABLE "email_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mailbox_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_mailboxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_mailboxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"bank" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"tls" boolean DEFAULT true NOT NULL,
	"username" text NOT NULL,
	"password_enc" text NOT NULL,
	"folder" text DEFAULT 'INBOX' NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"uid_validity" text,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mailbox_id" integer,
	"bank" text,
	"source" text NOT NULL,
	"message_id" text NOT NULL,
	"amount" numeric(28, 8),
	"account_tail" text,
	"payer_name" text,
	"paid_at" timestamp with time zone,
	"subject" text,
	"status" text NOT NULL,
	"match_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_merchant_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"pool_group" text NOT NULL,
	"min_split_amount" numeric(28, 8) NOT NULL,
	"max_pieces" integer DEFAULT 3 NOT NULL,
	"max_pool_amount" numeric(28, 8),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_pool" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdraw_order_id" bigint NOT NULL,
	"withdraw_order_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"pool_group" text NOT NULL,
	"member_id" bigint NOT NULL,
	"member_account" text NOT NULL,
	"match_level" integer NOT NULL,
	"payee_bank" text NOT NULL,
	"payee_name" text NOT NULL,
	"payee_account_no" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"remaining" numeric(28, 8) NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_pool_remaining_check" CHECK ("match_pool"."remaining" >= 0 AND "match_pool"."remaining" <= "match_pool"."amount")
);
--> statement-breakpoint
CREATE TABLE "match_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_amount" numeric(28, 8) NOT NULL,
	"max_amount" numeric(28, 8) NOT NULL,
	"mode" text DEFAULT 'split' NOT NULL,
	"min_match_level" integer DEFAULT 1 NOT NULL,
	"max_level_gap" integer DEFAULT 10 NOT NULL,
	"max_wait_minutes" integer DEFAULT 1440 NOT NULL,
	"priority" text DEFAULT 'age' NOT NULL,
	"pay_minutes" integer DEFAULT 15 NOT NULL,
	"confirm_minutes" integer DEFAULT 30 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"match_no" text NOT NULL,
	"pool_id" bigint NOT NULL,
	"deposit_order_id" bigint NOT NULL,
	"deposit_order_no" text NOT NULL,
	"deposit_merchant_id" integer NOT NULL,
	"deposit_mch_no" text NOT NULL,
	"payer_member" text NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"withdraw_order_id" bigint NOT NULL,
	"withdraw_order_no" text NOT NULL,
	"withdraw_merchant_id" integer NOT NULL,
	"withdraw_mch_no" text NOT NULL,
	"payee_member" text NOT NULL,
	"payee_bank" text NOT NULL,
	"payee_name" text NOT NULL,
	"payee_account_no" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"deposit_fee" numeric(28, 8) NOT NULL,
	"status" text DEFAULT 'matched' NOT NULL,
	"voucher_hash" text,
	"voucher_type" text,
	"voucher_size" integer,
	"confirmed_by" text,
	"email_order_id" bigint,
	"deadline" timestamp with time zone,
	"reason" text,
	"manual_by" integer,
	"manual_from" text,
	"manual_reason" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"min_deposit_count" integer DEFAULT 0 NOT NULL,
	"min_deposit_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"single_limit" numeric(28, 8) NOT NULL,
	"daily_limit" numeric(28, 8) NOT NULL,
	"match_allowed" boolean DEFAULT true NOT NULL,
	"match_level" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_levels_level_unique" UNIQUE("level")
);
--> statement-breakpoint
CREATE TABLE "finance_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"meaning" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_tags_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "gift_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"member_account" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"card" text DEFAULT '' NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"decision" text NOT NULL,
	"dimension" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_risk_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"dimension" text NOT NULL,
	"max_accounts" integer NOT NULL,
	"window_hours" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"pairs_with" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_levels_level_unique" UNIQUE("level")
);
--> statement-breakpoint
CREATE TABLE "member_level_fixes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"mch_no" text NOT NULL,
	"member_account" text NOT NULL,
	"level" integer NOT NULL,
	"match_level" integer NOT NULL,
	"reason" text NOT NULL,
	"operator_name" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_deposit_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"orders" integer NOT NULL,
	"successes" integer NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"success_amount" numeric(28, 8) NOT NULL,
	"success_rate" numeric(10, 6) NOT NULL,
	"avg_amount_7d" numeric(28, 8) NOT NULL,
	"avg_rate_7d" numeric(10, 6),
	"flag" text DEFAULT 'normal' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_cancel_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"member_account" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"kind" text NOT NULL,
	"from_status" text NOT NULL,
	"operator_name" text NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_rule_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mch_no" text NOT NULL,
	"subject" text NOT NULL,
	"count" integer NOT NULL,
	"evidence" text NOT NULL,
	"list_entry_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"threshold" integer NOT NULL,
	"window_hours" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_block_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"direction" text NOT NULL,
	"rule" text NOT NULL,
	"kind" text,
	"entry_id" integer,
	"merchant_id" integer,
	"mch_no" text DEFAULT '' NOT NULL,
	"mch_order_no" text DEFAULT '' NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_freezes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_account" text DEFAULT '' NOT NULL,
	"freeze_deposit" boolean DEFAULT false NOT NULL,
	"freeze_withdraw" boolean DEFAULT false NOT NULL,
	"freeze_match" boolean DEFAULT false NOT NULL,
	"freeze_login" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_list_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"lookup_key" text NOT NULL,
	"net" "cidr",
	"network" text,
	"last4" text,
	"merchant_id" integer,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'operator' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer
);
--> statement-breakpoint
CREATE TABLE "risk_operation_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operation" text NOT NULL,
	"target" text NOT NULL,
	"target_id" integer,
	"summary" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"actor" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_assignments" ADD CONSTRAINT "email_assignments_mailbox_id_email_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."email_mailboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_assignments" ADD CONSTRAINT "email_assignments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_assignments" ADD CONSTRAINT "email_assignments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_orders" ADD CONSTRAINT "email_orders_mailbox_id_email_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."email_mailboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_merchant_config" ADD CONSTRAINT "match_merchant_config_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_pool" ADD CONSTRAINT "match_pool_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_level_fixes" ADD CONSTRAINT "member_level_fixes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rule_hits" ADD CONSTRAINT "risk_rule_hits_rule_id_risk_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."risk_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_orders_message_id_key" ON "email_orders" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "email_orders_created_idx" ON "email_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "email_orders_id_idx" ON "email_orders" USING btree ("id");--> statement-breakpoint
CREATE INDEX "email_orders_mailbox_idx" ON "email_orders" USING btree ("mailbox_id","id");--> statement-breakpoint
CREATE INDEX "email_orders_bank_idx" ON "email_orders" USING btree ("bank","id");--> statement-breakpoint
CREATE INDEX "email_orders_source_idx" ON "email_orders" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "email_orders_status_idx" ON "email_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "email_orders_account_tail_idx" ON "email_orders" USING btree ("account_tail","id");--> statement-breakpoint
CREATE INDEX "email_orders_match_idx" ON "email_orders" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "email_orders_unmatched_idx" ON "email_orders" USING btree ("created_at") WHERE status = 'unmatched';--> statement-breakpoint
CREATE UNIQUE INDEX "match_merchant_config_merchant_idx" ON "match_merchant_config" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "match_pool_withdraw_idx" ON "match_pool" USING btree ("withdraw_order_id");--> statement-breakpoint
CREATE INDEX "match_pool_live_idx" ON "match_pool" USING btree ("pool_group","priority","entered_at") WHERE remaining > 0;--> statement-breakpoint
CREATE INDEX "match_pool_order_no_idx" ON "match_pool" USING btree ("withdraw_order_no");--> statement-breakpoint
CREATE INDEX "match_pool_order_no_trgm_idx" ON "match_pool" USING gin ("withdraw_order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "match_pool_merchant_idx" ON "match_pool" USING btree ("merchant_id","entered_at");--> statement-breakpoint
CREATE INDEX "match_pool_group_idx" ON "match_pool" USING btree ("pool_group","entered_at");--> statement-breakpoint
CREATE INDEX "match_pool_member_idx" ON "match_pool" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "match_pool_amount_idx" ON "match_pool" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "match_pool_remaining_idx" ON "match_pool" USING btree ("remaining");--> statement-breakpoint
CREATE INDEX "match_pool_priority_idx" ON "match_pool" USING btree ("priority");--> statement-breakpoint
CREATE INDEX "match_pool_entered_idx" ON "match_pool" USING btree ("entered_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "matches_match_no_idx" ON "matches" USING btree ("match_no");--> statement-breakpoint
CREATE INDEX "matches_match_no_trgm_idx" ON "matches" USING gin ("match_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "matches_deposit_idx" ON "matches" USING btree ("deposit_order_id");--> statement-breakpoint
CREATE INDEX "matches_withdraw_idx" ON "matches" USING btree ("withdraw_order_id");--> statement-breakpoint
CREATE INDEX "matches_pool_idx" ON "matches" USING btree ("pool_id");--> statement-breakpoint
CREATE INDEX "matches_deposit_no_idx" ON "matches" USING btree ("deposit_order_no");--> statement-breakpoint
CREATE INDEX "matches_withdraw_no_idx" ON "matches" USING btree ("withdraw_order_no");--> statement-breakpoint
CREATE INDEX "matches_deposit_mch_idx" ON "matches" USING btree ("deposit_merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "matches_withdraw_mch_idx" ON "matches" USING btree ("withdraw_merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "matches_payer_idx" ON "matches" USING btree ("payer_member");--> statement-breakpoint
CREATE INDEX "matches_payee_idx" ON "matches" USING btree ("payee_member");--> statement-breakpoint
CREATE INDEX "matches_amount_idx" ON "matches" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "matches_status_idx" ON "matches" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "matches_confirmed_by_idx" ON "matches" USING btree ("confirmed_by","created_at");--> statement-breakpoint
CREATE INDEX "matches_created_idx" ON "matches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "matches_deadline_idx" ON "matches" USING btree ("deadline") WHERE status IN ('matched', 'payer_paid');--> statement-breakpoint
CREATE INDEX "matches_payee_account_idx" ON "matches" USING btree ("payee_account_no","amount") WHERE status IN ('matched', 'payer_paid');--> statement-breakpoint
CREATE INDEX "gift_claims_mch_idx" ON "gift_claims" USING btree ("mch_no","id");--> statement-breakpoint
CREATE INDEX "gift_claims_member_idx" ON "gift_claims" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "gift_claims_ip_idx" ON "gift_claims" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "gift_claims_device_idx" ON "gift_claims" USING btree ("device","created_at");--> statement-breakpoint
CREATE INDEX "gift_claims_card_idx" ON "gift_claims" USING btree ("card","created_at");--> statement-breakpoint
CREATE INDEX "gift_claims_payer_idx" ON "gift_claims" USING btree ("payer_name","created_at");--> statement-breakpoint
CREATE INDEX "gift_claims_decision_idx" ON "gift_claims" USING btree ("decision","id");--> statement-breakpoint
CREATE INDEX "gift_claims_created_idx" ON "gift_claims" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_level_fixes_member_idx" ON "member_level_fixes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_level_fixes_mch_idx" ON "member_level_fixes" USING btree ("mch_no","id");--> statement-breakpoint
CREATE INDEX "member_level_fixes_account_idx" ON "member_level_fixes" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "member_level_fixes_level_idx" ON "member_level_fixes" USING btree ("level","id");--> statement-breakpoint
CREATE INDEX "member_level_fixes_operator_idx" ON "member_level_fixes" USING btree ("operator_name","id");--> statement-breakpoint
CREATE INDEX "member_level_fixes_created_idx" ON "member_level_fixes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_deposit_days_key_idx" ON "merchant_deposit_days" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "merchant_deposit_days_day_idx" ON "merchant_deposit_days" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "merchant_deposit_days_mch_idx" ON "merchant_deposit_days" USING btree ("mch_no","day");--> statement-breakpoint
CREATE INDEX "merchant_deposit_days_flag_idx" ON "merchant_deposit_days" USING btree ("flag","day");--> statement-breakpoint
CREATE UNIQUE INDEX "order_cancel_records_order_idx" ON "order_cancel_records" USING btree ("family","order_id");--> statement-breakpoint
CREATE INDEX "order_cancel_records_order_no_idx" ON "order_cancel_records" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "order_cancel_records_mch_idx" ON "order_cancel_records" USING btree ("mch_no","id");--> statement-breakpoint
CREATE INDEX "order_cancel_records_member_idx" ON "order_cancel_records" USING btree ("member_account","merchant_id","at");--> statement-breakpoint
CREATE INDEX "order_cancel_records_kind_idx" ON "order_cancel_records" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "order_cancel_records_operator_idx" ON "order_cancel_records" USING btree ("operator_name","id");--> statement-breakpoint
CREATE INDEX "order_cancel_records_at_idx" ON "order_cancel_records" USING btree ("at");--> statement-breakpoint
CREATE INDEX "risk_rule_hits_rule_idx" ON "risk_rule_hits" USING btree ("rule_id","id");--> statement-breakpoint
CREATE INDEX "risk_rule_hits_subject_idx" ON "risk_rule_hits" USING btree ("subject","rule_id","created_at");--> statement-breakpoint
CREATE INDEX "risk_rule_hits_mch_idx" ON "risk_rule_hits" USING btree ("mch_no","id");--> statement-breakpoint
CREATE INDEX "risk_rule_hits_status_idx" ON "risk_rule_hits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "risk_rule_hits_created_idx" ON "risk_rule_hits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_block_log_at_idx" ON "risk_block_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "risk_block_log_source_idx" ON "risk_block_log" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "risk_block_log_rule_idx" ON "risk_block_log" USING btree ("rule","id");--> statement-breakpoint
CREATE INDEX "risk_block_log_entry_idx" ON "risk_block_log" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "risk_block_log_merchant_idx" ON "risk_block_log" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "risk_block_log_mch_order_idx" ON "risk_block_log" USING btree ("mch_order_no");--> statement-breakpoint
CREATE INDEX "risk_block_log_order_idx" ON "risk_block_log" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "risk_freezes_live_idx" ON "risk_freezes" USING btree ("merchant_id","member_account") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "risk_freezes_subject_idx" ON "risk_freezes" USING btree ("subject_type");--> statement-breakpoint
CREATE INDEX "risk_freezes_member_idx" ON "risk_freezes" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "risk_freezes_status_idx" ON "risk_freezes" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "risk_freezes_created_idx" ON "risk_freezes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_freezes_expires_idx" ON "risk_freezes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "risk_list_entries_lookup_idx" ON "risk_list_entries" USING btree ("lookup_key","list") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "risk_list_entries_net_idx" ON "risk_list_entries" USING gist ("net" inet_ops) WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "risk_list_entries_active_uq" ON "risk_list_entries" USING btree ("list","kind","lookup_key",coalesce(merchant_id, 0)) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "risk_list_entries_list_idx" ON "risk_list_entries" USING btree ("list","id");--> statement-breakpoint
CREATE INDEX "risk_list_entries_kind_idx" ON "risk_list_entries" USING btree ("kind","list");--> statement-breakpoint
CREATE INDEX "risk_list_entries_value_idx" ON "risk_list_entries" USING btree ("value");--> statement-breakpoint
CREATE INDEX "risk_list_entries_last4_idx" ON "risk_list_entries" USING btree ("last4");--> statement-breakpoint
CREATE INDEX "risk_list_entries_merchant_idx" ON "risk_list_entries" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "risk_list_entries_status_idx" ON "risk_list_entries" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "risk_list_entries_created_idx" ON "risk_list_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_list_entries_expires_idx" ON "risk_list_entries" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "risk_operation_records_at_idx" ON "risk_operation_records" USING btree ("at");--> statement-breakpoint
CREATE INDEX "risk_operation_records_operation_idx" ON "risk_operation_records" USING btree ("operation","id");--> statement-breakpoint
CREATE INDEX "risk_operation_records_target_idx" ON "risk_operation_records" USING btree ("target","id");--> statement-breakpoint
CREATE INDEX "risk_operation_records_target_id_idx" ON "risk_operation_records" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "risk_operation_records_operator_idx" ON "risk_operation_records" USING btree ("operator_id");