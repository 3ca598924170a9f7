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
DROP INDEX "match_pool_live_idx";--> statement-breakpoint
ALTER TABLE "risk_block_log" ADD COLUMN "email_order_id" bigint;--> statement-breakpoint
ALTER TABLE "wallet_pay_accounts" ADD CONSTRAINT "wallet_pay_accounts_wallet_member_id_wallet_members_id_fk" FOREIGN KEY ("wallet_member_id") REFERENCES "public"."wallet_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "matches_voucher_hash_idx" ON "matches" USING btree ("voucher_hash") WHERE voucher_hash IS NOT NULL;--> statement-breakpoint
CREATE INDEX "risk_block_log_email_order_idx" ON "risk_block_log" USING btree ("email_order_id") WHERE email_order_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "match_pool_live_idx" ON "match_pool" USING btree ("pool_group","priority" DESC NULLS FIRST,"entered_at","id") WHERE remaining > 0;--> statement-breakpoint
ALTER TABLE "match_rules" DROP COLUMN "min_match_level";--> statement-breakpoint
ALTER TABLE "match_rules" DROP COLUMN "max_level_gap";