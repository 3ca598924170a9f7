CREATE TABLE "chain_cursors" (
	"network" text PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"address" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"block" bigint,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'confirming' NOT NULL,
	"matched" text NOT NULL,
	"order_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_heads" (
	"network" text PRIMARY KEY NOT NULL,
	"height" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_txs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"block" bigint NOT NULL,
	"ref" text,
	"status" text DEFAULT 'ok' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usdt_deposit_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"mch_order_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"member_account" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"family" text DEFAULT 'normal' NOT NULL,
	"quote_currency" text,
	"quote_amount" numeric(28, 8),
	"rate" numeric(28, 8) NOT NULL,
	"fee" numeric(28, 8) DEFAULT '0' NOT NULL,
	"passage_id" integer,
	"third_party_id" integer,
	"upstream_order_no" text,
	"status" text DEFAULT 'created' NOT NULL,
	"notify_url" text DEFAULT '' NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL,
	"fail_reason" text,
	"remark" text DEFAULT '' NOT NULL,
	"entry_id" bigint,
	"reviewed_by" integer,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"manual_by" integer,
	"manual_from" text,
	"manual_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"network" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"usdt_amount" numeric(28, 8) NOT NULL,
	"paid_usdt" numeric(28, 8) DEFAULT '0' NOT NULL,
	"credit_amount" numeric(28, 8),
	"tx_hash" text,
	"exception_kind" text,
	"refund_tx_hash" text,
	"refund_to" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usdt_withdraw_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"mch_order_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"member_account" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"family" text DEFAULT 'normal' NOT NULL,
	"quote_currency" text,
	"quote_amount" numeric(28, 8),
	"rate" numeric(28, 8) NOT NULL,
	"fee" numeric(28, 8) DEFAULT '0' NOT NULL,
	"passage_id" integer,
	"third_party_id" integer,
	"upstream_order_no" text,
	"status" text DEFAULT 'created' NOT NULL,
	"notify_url" text DEFAULT '' NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL,
	"fail_reason" text,
	"remark" text DEFAULT '' NOT NULL,
	"entry_id" bigint,
	"reviewed_by" integer,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"manual_by" integer,
	"manual_from" text,
	"manual_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"usdt_amount" numeric(28, 8) NOT NULL,
	"tx_hash" text,
	"freeze_entry_id" bigint
);
--> statement-breakpoint
CREATE TABLE "recon_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" bigint NOT NULL,
	"line_no" integer,
	"category" text NOT NULL,
	"resolution" text NOT NULL,
	"upstream_order_no" text NOT NULL,
	"upstream_amount" numeric(28, 8),
	"upstream_status" text,
	"upstream_fee" numeric(28, 8),
	"upstream_date" text,
	"order_family" text,
	"order_id" bigint,
	"order_no" text,
	"our_amount" numeric(28, 8),
	"our_status" text,
	"order_state" text,
	"note" text,
	"resolved_by" integer,
	"resolved_by_name" text,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recon_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"third_party_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"lines_total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"amount_differs" integer DEFAULT 0 NOT NULL,
	"status_differs" integer DEFAULT 0 NOT NULL,
	"only_upstream" integer DEFAULT 0 NOT NULL,
	"only_here" integer DEFAULT 0 NOT NULL,
	"open_lines" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'importing' NOT NULL,
	"error" text,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"account_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opening_available" numeric(28, 8) DEFAULT '0' NOT NULL,
	"opening_frozen" numeric(28, 8) DEFAULT '0' NOT NULL,
	"deposits_gross" numeric(28, 8) DEFAULT '0' NOT NULL,
	"deposit_fees" numeric(28, 8) DEFAULT '0' NOT NULL,
	"refunds" numeric(28, 8) DEFAULT '0' NOT NULL,
	"withdrawals" numeric(28, 8) DEFAULT '0' NOT NULL,
	"withdrawal_fees" numeric(28, 8) DEFAULT '0' NOT NULL,
	"adjust_credit" numeric(28, 8) DEFAULT '0' NOT NULL,
	"adjust_debit" numeric(28, 8) DEFAULT '0' NOT NULL,
	"other" numeric(28, 8) DEFAULT '0' NOT NULL,
	"frozen_change" numeric(28, 8) DEFAULT '0' NOT NULL,
	"closing_available" numeric(28, 8) DEFAULT '0' NOT NULL,
	"closing_frozen" numeric(28, 8) DEFAULT '0' NOT NULL,
	"ledger_available" numeric(28, 8) DEFAULT '0' NOT NULL,
	"ledger_frozen" numeric(28, 8) DEFAULT '0' NOT NULL,
	"mismatch" boolean DEFAULT false NOT NULL,
	"provisional" boolean DEFAULT false NOT NULL,
	"postings" integer DEFAULT 0 NOT NULL,
	"first_posting_id" bigint NOT NULL,
	"last_posting_id" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "family" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "quote_currency" text;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "quote_amount" numeric(28, 8);--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "rate" numeric;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "family" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "quote_currency" text;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "quote_amount" numeric(28, 8);--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "rate" numeric;--> statement-breakpoint
ALTER TABLE "interface_types" ADD COLUMN "stmt_order_no_column" text;--> statement-breakpoint
ALTER TABLE "interface_types" ADD COLUMN "stmt_amount_column" text;--> statement-breakpoint
ALTER TABLE "interface_types" ADD COLUMN "stmt_status_column" text;--> statement-breakpoint
ALTER TABLE "interface_types" ADD COLUMN "stmt_success_words" text;--> statement-breakpoint
ALTER TABLE "interface_types" ADD COLUMN "stmt_failed_words" text;--> statement-breakpoint
ALTER TABLE "interface_types" ADD COLUMN "stmt_pending_words" text;--> statement-breakpoint
ALTER TABLE "interface_types" ADD COLUMN "stmt_date_column" text;--> statement-breakpoint
ALTER TABLE "interface_types" ADD COLUMN "stmt_fee_column" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "settled_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usdt_deposit_orders" ADD CONSTRAINT "usdt_deposit_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usdt_withdraw_orders" ADD CONSTRAINT "usdt_withdraw_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_lines" ADD CONSTRAINT "recon_lines_statement_id_recon_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."recon_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_settlements" ADD CONSTRAINT "merchant_settlements_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_tx_idx" ON "chain_transfers" USING btree ("network","tx_hash");--> statement-breakpoint
CREATE INDEX "chain_transfers_tx_hash_idx" ON "chain_transfers" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "chain_transfers_network_idx" ON "chain_transfers" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "chain_transfers_from_idx" ON "chain_transfers" USING btree ("from_address","created_at");--> statement-breakpoint
CREATE INDEX "chain_transfers_to_idx" ON "chain_transfers" USING btree ("to_address","created_at");--> statement-breakpoint
CREATE INDEX "chain_transfers_address_idx" ON "chain_transfers" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "chain_transfers_direction_idx" ON "chain_transfers" USING btree ("direction","created_at");--> statement-breakpoint
CREATE INDEX "chain_transfers_amount_idx" ON "chain_transfers" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "chain_transfers_status_idx" ON "chain_transfers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "chain_transfers_matched_idx" ON "chain_transfers" USING btree ("matched","created_at");--> statement-breakpoint
CREATE INDEX "chain_transfers_order_idx" ON "chain_transfers" USING btree ("order_no") WHERE order_no IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chain_transfers_created_idx" ON "chain_transfers" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_chain_txs_hash_idx" ON "sandbox_chain_txs" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_chain_txs_ref_idx" ON "sandbox_chain_txs" USING btree ("network","ref") WHERE ref IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_chain_txs_block_idx" ON "sandbox_chain_txs" USING btree ("network","block");--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_deposit_orders_order_no_idx" ON "usdt_deposit_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_deposit_orders_mch_order_idx" ON "usdt_deposit_orders" USING btree ("merchant_id","mch_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_deposit_orders_open_address_idx" ON "usdt_deposit_orders" USING btree ("address") WHERE status IN ('pending_payment', 'confirming');--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_address_idx" ON "usdt_deposit_orders" USING btree ("address","id");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_merchant_idx" ON "usdt_deposit_orders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_member_idx" ON "usdt_deposit_orders" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_mch_order_no_idx" ON "usdt_deposit_orders" USING btree ("mch_order_no");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_network_idx" ON "usdt_deposit_orders" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_amount_idx" ON "usdt_deposit_orders" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_usdt_amount_idx" ON "usdt_deposit_orders" USING btree ("usdt_amount");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_tx_idx" ON "usdt_deposit_orders" USING btree ("tx_hash") WHERE tx_hash IS NOT NULL;--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_status_idx" ON "usdt_deposit_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_exception_idx" ON "usdt_deposit_orders" USING btree ("exception_kind","created_at");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_created_idx" ON "usdt_deposit_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "usdt_deposit_orders_expiry_idx" ON "usdt_deposit_orders" USING btree ("expires_at") WHERE status = 'pending_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_withdraw_orders_order_no_idx" ON "usdt_withdraw_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_withdraw_orders_mch_order_idx" ON "usdt_withdraw_orders" USING btree ("merchant_id","mch_order_no");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_merchant_idx" ON "usdt_withdraw_orders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_member_idx" ON "usdt_withdraw_orders" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_mch_order_no_idx" ON "usdt_withdraw_orders" USING btree ("mch_order_no");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_network_idx" ON "usdt_withdraw_orders" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_address_idx" ON "usdt_withdraw_orders" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_amount_idx" ON "usdt_withdraw_orders" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_usdt_amount_idx" ON "usdt_withdraw_orders" USING btree ("usdt_amount");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_tx_idx" ON "usdt_withdraw_orders" USING btree ("tx_hash") WHERE tx_hash IS NOT NULL;--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_status_idx" ON "usdt_withdraw_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "usdt_withdraw_orders_created_idx" ON "usdt_withdraw_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "recon_lines_statement_idx" ON "recon_lines" USING btree ("statement_id","id");--> statement-breakpoint
CREATE INDEX "recon_lines_category_idx" ON "recon_lines" USING btree ("category","statement_id","id");--> statement-breakpoint
CREATE INDEX "recon_lines_resolution_idx" ON "recon_lines" USING btree ("resolution","statement_id","id");--> statement-breakpoint
CREATE INDEX "recon_lines_upstream_no_idx" ON "recon_lines" USING btree ("upstream_order_no");--> statement-breakpoint
CREATE INDEX "recon_lines_order_no_idx" ON "recon_lines" USING btree ("order_no") WHERE order_no IS NOT NULL;--> statement-breakpoint
CREATE INDEX "recon_lines_line_no_idx" ON "recon_lines" USING btree ("statement_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "recon_statements_party_day_idx" ON "recon_statements" USING btree ("third_party_id","day") WHERE status <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "recon_statements_hash_idx" ON "recon_statements" USING btree ("file_hash") WHERE status <> 'failed';--> statement-breakpoint
CREATE INDEX "recon_statements_party_idx" ON "recon_statements" USING btree ("third_party_id","id");--> statement-breakpoint
CREATE INDEX "recon_statements_day_idx" ON "recon_statements" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "recon_statements_source_idx" ON "recon_statements" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "recon_statements_status_idx" ON "recon_statements" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "recon_statements_created_idx" ON "recon_statements" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_settlements_account_day_idx" ON "merchant_settlements" USING btree ("account_id","day");--> statement-breakpoint
CREATE INDEX "merchant_settlements_day_idx" ON "merchant_settlements" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "merchant_settlements_merchant_idx" ON "merchant_settlements" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "merchant_settlements_mch_no_idx" ON "merchant_settlements" USING btree ("mch_no","day");--> statement-breakpoint
CREATE INDEX "merchant_settlements_currency_idx" ON "merchant_settlements" USING btree ("currency","day");--> statement-breakpoint
CREATE INDEX "merchant_settlements_status_idx" ON "merchant_settlements" USING btree ("status","day");--> statement-breakpoint
CREATE INDEX "merchant_settlements_mismatch_idx" ON "merchant_settlements" USING btree ("mismatch","day");--> statement-breakpoint
CREATE INDEX "deposit_orders_family_created_idx" ON "deposit_orders" USING btree ("family","created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_quote_currency_idx" ON "deposit_orders" USING btree ("quote_currency","created_at") WHERE family <> 'normal';--> statement-breakpoint
CREATE INDEX "deposit_orders_quoted_third_party_idx" ON "deposit_orders" USING btree ("third_party_id","created_at") WHERE family <> 'normal';--> statement-breakpoint
CREATE INDEX "withdraw_orders_family_created_idx" ON "withdraw_orders" USING btree ("family","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_orders_quote_currency_idx" ON "withdraw_orders" USING btree ("quote_currency","created_at") WHERE family <> 'normal';--> statement-breakpoint
CREATE INDEX "sandbox_orders_mch_created_idx" ON "sandbox_orders" USING btree ("mch_no","created_at");