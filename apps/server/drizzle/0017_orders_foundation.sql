CREATE TABLE "deposit_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"mch_order_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"member_account" text DEFAULT '' NOT NULL,
	"pay_type" text NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"fee" numeric(28, 8) DEFAULT '0' NOT NULL,
	"passage_id" integer,
	"third_party_id" integer,
	"upstream_order_no" text,
	"pay_url" text,
	"status" text DEFAULT 'created' NOT NULL,
	"notify_url" text DEFAULT '' NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL,
	"fail_reason" text,
	"remark" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"mch_order_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"member_account" text DEFAULT '' NOT NULL,
	"pay_type" text DEFAULT 'bank_card' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"fee" numeric(28, 8) DEFAULT '0' NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"account_no" text DEFAULT '' NOT NULL,
	"passage_id" integer,
	"third_party_id" integer,
	"upstream_order_no" text,
	"status" text DEFAULT 'created' NOT NULL,
	"detained_from" text,
	"scheduled_at" timestamp with time zone,
	"notify_url" text DEFAULT '' NOT NULL,
	"client_ip" text DEFAULT '' NOT NULL,
	"fail_reason" text,
	"remark" text DEFAULT '' NOT NULL,
	"freeze_entry_id" bigint,
	"entry_id" bigint,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passages" ADD COLUMN "health" text DEFAULT 'healthy' NOT NULL;--> statement-breakpoint
ALTER TABLE "third_parties" ADD COLUMN "base_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "third_parties" ADD COLUMN "upstream_mch_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "third_parties" ADD COLUMN "secret_enc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "third_parties" ADD COLUMN "secret_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD CONSTRAINT "deposit_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD CONSTRAINT "withdraw_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_order_no_idx" ON "deposit_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_orders_mch_order_idx" ON "deposit_orders" USING btree ("merchant_id","mch_order_no");--> statement-breakpoint
CREATE INDEX "deposit_orders_upstream_idx" ON "deposit_orders" USING btree ("upstream_order_no") WHERE upstream_order_no IS NOT NULL;--> statement-breakpoint
CREATE INDEX "deposit_orders_status_idx" ON "deposit_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "deposit_orders_merchant_idx" ON "deposit_orders" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "deposit_orders_member_idx" ON "deposit_orders" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "deposit_orders_mch_order_no_idx" ON "deposit_orders" USING btree ("mch_order_no");--> statement-breakpoint
CREATE INDEX "deposit_orders_passage_idx" ON "deposit_orders" USING btree ("passage_id","id");--> statement-breakpoint
CREATE INDEX "deposit_orders_pay_type_idx" ON "deposit_orders" USING btree ("pay_type","id");--> statement-breakpoint
CREATE INDEX "deposit_orders_amount_idx" ON "deposit_orders" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "deposit_orders_created_idx" ON "deposit_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deposit_orders_expiry_idx" ON "deposit_orders" USING btree ("expires_at") WHERE status IN ('created', 'pending_payment');--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_orders_order_no_idx" ON "withdraw_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdraw_orders_mch_order_idx" ON "withdraw_orders" USING btree ("merchant_id","mch_order_no");--> statement-breakpoint
CREATE INDEX "withdraw_orders_upstream_idx" ON "withdraw_orders" USING btree ("upstream_order_no") WHERE upstream_order_no IS NOT NULL;--> statement-breakpoint
CREATE INDEX "withdraw_orders_status_idx" ON "withdraw_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "withdraw_orders_merchant_idx" ON "withdraw_orders" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "withdraw_orders_member_idx" ON "withdraw_orders" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "withdraw_orders_mch_order_no_idx" ON "withdraw_orders" USING btree ("mch_order_no");--> statement-breakpoint
CREATE INDEX "withdraw_orders_passage_idx" ON "withdraw_orders" USING btree ("passage_id","id");--> statement-breakpoint
CREATE INDEX "withdraw_orders_amount_idx" ON "withdraw_orders" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "withdraw_orders_created_idx" ON "withdraw_orders" USING btree ("created_at");