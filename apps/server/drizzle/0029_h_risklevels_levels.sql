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
ALTER TABLE "member_level_fixes" ADD CONSTRAINT "member_level_fixes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_rule_hits" ADD CONSTRAINT "risk_rule_hits_rule_id_risk_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."risk_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "risk_rule_hits_created_idx" ON "risk_rule_hits" USING btree ("created_at");