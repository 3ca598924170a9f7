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
ALTER TABLE "wallet_pay_accounts" ADD CONSTRAINT "wallet_pay_accounts_wallet_member_id_wallet_members_id_fk" FOREIGN KEY ("wallet_member_id") REFERENCES "public"."wallet_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "wallet_pay_accounts_created_idx" ON "wallet_pay_accounts" USING btree ("created_at");