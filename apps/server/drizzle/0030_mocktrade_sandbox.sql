CREATE TABLE "mock_exchange_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"exchange_currency" text NOT NULL,
	"type" text NOT NULL,
	"exchange_rate" numeric(28, 8) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mock_order_tests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"mch_order_no" text NOT NULL,
	"order_no" text,
	"amount" numeric(28, 8) NOT NULL,
	"pay_type" text DEFAULT '' NOT NULL,
	"http_status" integer NOT NULL,
	"answer_code" integer NOT NULL,
	"answer_message" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mock_traders" (
	"side" text PRIMARY KEY NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"rate_per_minute" integer DEFAULT 6 NOT NULL,
	"amount_min" numeric(28, 8) DEFAULT '100' NOT NULL,
	"amount_max" numeric(28, 8) DEFAULT '1000' NOT NULL,
	"late_share" numeric(10, 6) DEFAULT '0.1' NOT NULL,
	"dispute_share" numeric(10, 6) DEFAULT '0.1' NOT NULL,
	"actions" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchants" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_merchants" ADD CONSTRAINT "sandbox_merchants_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mock_exchange_rates_pair_idx" ON "mock_exchange_rates" USING btree ("currency","exchange_currency","type");--> statement-breakpoint
CREATE INDEX "mock_order_tests_created_idx" ON "mock_order_tests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mock_order_tests_direction_idx" ON "mock_order_tests" USING btree ("direction","id");--> statement-breakpoint
CREATE INDEX "mock_order_tests_order_no_idx" ON "mock_order_tests" USING btree ("order_no") WHERE order_no IS NOT NULL;