CREATE TABLE "wallet_order_payees" (
	"trade_order_id" bigint PRIMARY KEY NOT NULL,
	"wallet_member_id" bigint NOT NULL,
	"pay_type" text NOT NULL,
	"pay_account_id" bigint,
	"fixed_code_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_order_payees" ADD CONSTRAINT "wallet_order_payees_trade_order_id_trade_orders_id_fk" FOREIGN KEY ("trade_order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_order_payees" ADD CONSTRAINT "wallet_order_payees_wallet_member_id_wallet_members_id_fk" FOREIGN KEY ("wallet_member_id") REFERENCES "public"."wallet_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_order_payees" ADD CONSTRAINT "wallet_order_payees_pay_account_id_wallet_pay_accounts_id_fk" FOREIGN KEY ("pay_account_id") REFERENCES "public"."wallet_pay_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_order_payees" ADD CONSTRAINT "wallet_order_payees_fixed_code_id_wallet_fixed_codes_id_fk" FOREIGN KEY ("fixed_code_id") REFERENCES "public"."wallet_fixed_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_order_payees_member_idx" ON "wallet_order_payees" USING btree ("wallet_member_id");