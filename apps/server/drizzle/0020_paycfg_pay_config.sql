CREATE TABLE "fast_amounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"amounts" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interface_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sign_method" text NOT NULL,
	"request_format" text NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interface_types_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "pay_dict_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"item_key" text NOT NULL,
	"name" text NOT NULL,
	"value" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_other_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"min_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"max_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"fee_rate" numeric(10, 6) DEFAULT '0' NOT NULL,
	"fee_hint" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_agent_pays" (
	"id" serial PRIMARY KEY NOT NULL,
	"third_party_id" integer NOT NULL,
	"name" text NOT NULL,
	"single_min" numeric(28, 8) DEFAULT '0' NOT NULL,
	"single_max" numeric(28, 8) DEFAULT '0' NOT NULL,
	"daily_limit" numeric(28, 8) DEFAULT '0' NOT NULL,
	"fee" numeric(28, 8) DEFAULT '0' NOT NULL,
	"balance_alert" numeric(28, 8),
	"auto_payout" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" text NOT NULL,
	"name" text NOT NULL,
	"third_codes" text,
	"status" text DEFAULT 'on' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "third_interfaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"third_party_id" integer NOT NULL,
	"interface_type" text NOT NULL,
	"create_url" text NOT NULL,
	"query_url" text,
	"payout_url" text,
	"callback_ips" text,
	"status" text DEFAULT 'on' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "third_parties" ADD COLUMN "direction" text DEFAULT 'deposit' NOT NULL;--> statement-breakpoint
ALTER TABLE "third_agent_pays" ADD CONSTRAINT "third_agent_pays_third_party_id_third_parties_id_fk" FOREIGN KEY ("third_party_id") REFERENCES "public"."third_parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_interfaces" ADD CONSTRAINT "third_interfaces_third_party_id_third_parties_id_fk" FOREIGN KEY ("third_party_id") REFERENCES "public"."third_parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "third_interfaces" ADD CONSTRAINT "third_interfaces_interface_type_interface_types_code_fk" FOREIGN KEY ("interface_type") REFERENCES "public"."interface_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fast_amounts_code_idx" ON "fast_amounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_dict_items_key_idx" ON "pay_dict_items" USING btree ("code","item_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_other_configs_code_idx" ON "pay_other_configs" USING btree ("code");--> statement-breakpoint
CREATE INDEX "third_agent_pays_party_idx" ON "third_agent_pays" USING btree ("third_party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "third_banks_code_idx" ON "third_banks" USING btree ("bank_code");--> statement-breakpoint
CREATE UNIQUE INDEX "third_interfaces_party_idx" ON "third_interfaces" USING btree ("third_party_id");