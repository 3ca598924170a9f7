CREATE SEQUENCE "public"."ledger_entry_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "merchant_passages" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"passage_id" integer NOT NULL,
	"direction" text NOT NULL,
	"pay_type" text NOT NULL,
	"rate" numeric(10, 6) DEFAULT '0' NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passages" (
	"id" serial PRIMARY KEY NOT NULL,
	"third_party_id" integer NOT NULL,
	"name" text NOT NULL,
	"pay_type" text NOT NULL,
	"direction" text NOT NULL,
	"rate" numeric(10, 6) DEFAULT '0' NOT NULL,
	"single_min" numeric(28, 8) DEFAULT '0' NOT NULL,
	"single_max" numeric(28, 8) DEFAULT '0' NOT NULL,
	"daily_limit" numeric(28, 8) DEFAULT '0' NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"interface_type" text DEFAULT 'http-json' NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"maker_id" integer NOT NULL,
	"maker_name" text NOT NULL,
	"checker_id" integer,
	"checker_name" text,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"mch_no" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"agent_id" integer,
	"secret_enc" text NOT NULL,
	"secret_hint" text NOT NULL,
	"notify_url" text DEFAULT '' NOT NULL,
	"ip_whitelist" text DEFAULT '' NOT NULL,
	"deposit_rate" numeric(10, 6) DEFAULT '0' NOT NULL,
	"withdraw_rate" numeric(10, 6) DEFAULT '0' NOT NULL,
	"fee_rates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"single_min" numeric(28, 8) DEFAULT '0' NOT NULL,
	"single_max" numeric(28, 8) DEFAULT '0' NOT NULL,
	"daily_limit" numeric(28, 8) DEFAULT '0' NOT NULL,
	"deposit_timeout" integer,
	"withdraw_timeout" integer,
	"match_timeout" integer,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_payment_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_account" text NOT NULL,
	"pay_type" text NOT NULL,
	"account_no" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_rebate_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"direction" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"member_id" bigint NOT NULL,
	"member_account" text NOT NULL,
	"order_amount" numeric(28, 8) NOT NULL,
	"rate" numeric(10, 6) NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"account" text NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"id_number" text DEFAULT '' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"match_level" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"finance_tags" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"first_deposit_at" timestamp with time zone,
	"first_deposit_amount" numeric(28, 8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"owner_code" text DEFAULT '' NOT NULL,
	"merchant_id" integer,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"available" numeric(28, 8) DEFAULT '0' NOT NULL,
	"frozen" numeric(28, 8) DEFAULT '0' NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_available_check" CHECK ("ledger_accounts"."allow_negative" OR "ledger_accounts"."available" >= 0),
	CONSTRAINT "ledger_accounts_frozen_check" CHECK ("ledger_accounts"."frozen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"owner_code" text DEFAULT '' NOT NULL,
	"merchant_id" integer,
	"currency" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"frozen_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"balance_after" numeric(28, 8) NOT NULL,
	"frozen_after" numeric(28, 8) NOT NULL,
	"kind" text NOT NULL,
	"ref_type" text DEFAULT '' NOT NULL,
	"ref_id" text DEFAULT '' NOT NULL,
	"reverses_entry_id" bigint,
	"operator_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_passages" ADD CONSTRAINT "merchant_passages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_passages" ADD CONSTRAINT "merchant_passages_passage_id_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."passages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passages" ADD CONSTRAINT "passages_third_party_id_third_parties_id_fk" FOREIGN KEY ("third_party_id") REFERENCES "public"."third_parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_adjustments" ADD CONSTRAINT "merchant_adjustments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payment_accounts" ADD CONSTRAINT "member_payment_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_passages_pair_idx" ON "merchant_passages" USING btree ("merchant_id","passage_id");--> statement-breakpoint
CREATE INDEX "merchant_passages_direction_idx" ON "merchant_passages" USING btree ("direction","merchant_id");--> statement-breakpoint
CREATE INDEX "merchant_passages_passage_idx" ON "merchant_passages" USING btree ("passage_id");--> statement-breakpoint
CREATE INDEX "passages_third_party_idx" ON "passages" USING btree ("third_party_id");--> statement-breakpoint
CREATE INDEX "passages_direction_idx" ON "passages" USING btree ("direction","pay_type");--> statement-breakpoint
CREATE UNIQUE INDEX "third_parties_code_idx" ON "third_parties" USING btree ("code");--> statement-breakpoint
CREATE INDEX "merchant_adjustments_status_idx" ON "merchant_adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "merchant_adjustments_merchant_idx" ON "merchant_adjustments" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "merchant_adjustments_mch_no_idx" ON "merchant_adjustments" USING btree ("mch_no");--> statement-breakpoint
CREATE INDEX "merchant_adjustments_created_idx" ON "merchant_adjustments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_mch_no_idx" ON "merchants" USING btree ("mch_no");--> statement-breakpoint
CREATE INDEX "merchants_name_idx" ON "merchants" USING btree ("name");--> statement-breakpoint
CREATE INDEX "merchants_status_idx" ON "merchants" USING btree ("status");--> statement-breakpoint
CREATE INDEX "merchants_agent_idx" ON "merchants" USING btree ("agent_id") WHERE agent_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "merchants_created_idx" ON "merchants" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "member_payment_accounts_member_idx" ON "member_payment_accounts" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "member_payment_accounts_account_idx" ON "member_payment_accounts" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "member_payment_accounts_no_idx" ON "member_payment_accounts" USING btree ("account_no");--> statement-breakpoint
CREATE INDEX "member_payment_accounts_type_idx" ON "member_payment_accounts" USING btree ("pay_type","id");--> statement-breakpoint
CREATE INDEX "member_payment_accounts_merchant_idx" ON "member_payment_accounts" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_rebate_orders_no_idx" ON "member_rebate_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "member_rebate_orders_dir_idx" ON "member_rebate_orders" USING btree ("direction","id");--> statement-breakpoint
CREATE INDEX "member_rebate_orders_member_idx" ON "member_rebate_orders" USING btree ("direction","member_account");--> statement-breakpoint
CREATE INDEX "member_rebate_orders_mch_idx" ON "member_rebate_orders" USING btree ("direction","mch_no");--> statement-breakpoint
CREATE INDEX "member_rebate_orders_status_idx" ON "member_rebate_orders" USING btree ("direction","status");--> statement-breakpoint
CREATE INDEX "member_rebate_orders_created_idx" ON "member_rebate_orders" USING btree ("direction","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_merchant_account_idx" ON "members" USING btree ("merchant_id","account");--> statement-breakpoint
CREATE INDEX "members_account_idx" ON "members" USING btree ("account");--> statement-breakpoint
CREATE INDEX "members_mch_no_idx" ON "members" USING btree ("mch_no","id");--> statement-breakpoint
CREATE INDEX "members_phone_idx" ON "members" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "members_status_idx" ON "members" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "members_level_idx" ON "members" USING btree ("level","id");--> statement-breakpoint
CREATE INDEX "members_created_idx" ON "members" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "members_first_deposit_idx" ON "members" USING btree ("first_deposit_at") WHERE first_deposit_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_key_idx" ON "idempotency_keys" USING btree ("operator_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("owner_type","owner_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_owner_idx" ON "ledger_postings" USING btree ("owner_type","owner_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_code_idx" ON "ledger_postings" USING btree ("owner_type","owner_code","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_merchant_idx" ON "ledger_postings" USING btree ("owner_type","merchant_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_kind_idx" ON "ledger_postings" USING btree ("owner_type","kind","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_ref_idx" ON "ledger_postings" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_created_idx" ON "ledger_postings" USING btree ("owner_type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_reverses_idx" ON "ledger_postings" USING btree ("reverses_entry_id","account_id") WHERE reverses_entry_id IS NOT NULL;