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
ALTER TABLE "ledger_accounts" ADD COLUMN "settled_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_settlements" ADD CONSTRAINT "merchant_settlements_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "withdraw_orders_quote_currency_idx" ON "withdraw_orders" USING btree ("quote_currency","created_at") WHERE family <> 'normal';