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
ALTER TABLE "wallet_pay_accounts" ADD CONSTRAINT "wallet_pay_accounts_wallet_member_id_wallet_members_id_fk" FOREIGN KEY ("wallet_member_id") REFERENCES "public"."wallet_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_dispute_evidence" ADD CONSTRAINT "wallet_dispute_evidence_dispute_id_wallet_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."wallet_disputes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_fixed_codes" ADD CONSTRAINT "wallet_fixed_codes_wallet_member_id_wallet_members_id_fk" FOREIGN KEY ("wallet_member_id") REFERENCES "public"."wallet_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE UNIQUE INDEX "wallet_withdraw_types_type_idx" ON "wallet_withdraw_types" USING btree ("pay_type");