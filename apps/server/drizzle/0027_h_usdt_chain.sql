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
	"rate" numeric(28, 8) NOT NULL,
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
	"rate" numeric(28, 8) NOT NULL,
	"tx_hash" text,
	"freeze_entry_id" bigint
);
--> statement-breakpoint
ALTER TABLE "usdt_deposit_orders" ADD CONSTRAINT "usdt_deposit_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usdt_withdraw_orders" ADD CONSTRAINT "usdt_withdraw_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "usdt_withdraw_orders_created_idx" ON "usdt_withdraw_orders" USING btree ("created_at","id");