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
ALTER TABLE "wallet_fixed_codes" ADD CONSTRAINT "wallet_fixed_codes_wallet_member_id_wallet_members_id_fk" FOREIGN KEY ("wallet_member_id") REFERENCES "public"."wallet_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_fixed_codes_member_idx" ON "wallet_fixed_codes" USING btree ("wallet_member_id","id");--> statement-breakpoint
CREATE INDEX "wallet_fixed_codes_account_idx" ON "wallet_fixed_codes" USING btree ("member_account","id");--> statement-breakpoint
CREATE INDEX "wallet_fixed_codes_type_idx" ON "wallet_fixed_codes" USING btree ("pay_type","id");--> statement-breakpoint
CREATE INDEX "wallet_fixed_codes_status_idx" ON "wallet_fixed_codes" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_fixed_codes_hash_idx" ON "wallet_fixed_codes" USING btree ("payload_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_pay_types_type_idx" ON "wallet_pay_types" USING btree ("pay_type");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_settings_key_idx" ON "wallet_settings" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdraw_types_type_idx" ON "wallet_withdraw_types" USING btree ("pay_type");