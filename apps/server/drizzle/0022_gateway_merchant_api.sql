CREATE TABLE "error_report_daily" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"mch_no" text NOT NULL,
	"endpoint" text NOT NULL,
	"code" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_message" text DEFAULT '' NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "openapi_nonces" (
	"merchant_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "openapi_nonces_merchant_id_nonce_pk" PRIMARY KEY("merchant_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "order_fail_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"family" text NOT NULL,
	"mch_no" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"last_order_no" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_place_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"merchant_id" integer,
	"mch_no" text DEFAULT '' NOT NULL,
	"endpoint" text NOT NULL,
	"mch_order_no" text DEFAULT '' NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"amount" numeric(28, 8),
	"ip" text NOT NULL,
	"accepted" boolean NOT NULL,
	"code" integer NOT NULL,
	"code_name" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"latency_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_place_stat" (
	"id" serial PRIMARY KEY NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"mch_no" text NOT NULL,
	"endpoint" text NOT NULL,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"accepted_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"refused_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"latency_ms_max" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollup_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"last_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "error_report_daily_key_idx" ON "error_report_daily" USING btree ("day","source","mch_no","endpoint","code");--> statement-breakpoint
CREATE INDEX "error_report_daily_source_idx" ON "error_report_daily" USING btree ("source");--> statement-breakpoint
CREATE INDEX "error_report_daily_mch_no_idx" ON "error_report_daily" USING btree ("mch_no");--> statement-breakpoint
CREATE INDEX "error_report_daily_endpoint_idx" ON "error_report_daily" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "error_report_daily_code_idx" ON "error_report_daily" USING btree ("code");--> statement-breakpoint
CREATE INDEX "error_report_daily_count_idx" ON "error_report_daily" USING btree ("count");--> statement-breakpoint
CREATE INDEX "openapi_nonces_created_idx" ON "openapi_nonces" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_fail_reasons_key_idx" ON "order_fail_reasons" USING btree ("day","family","mch_no","status","reason");--> statement-breakpoint
CREATE INDEX "order_fail_reasons_family_idx" ON "order_fail_reasons" USING btree ("family");--> statement-breakpoint
CREATE INDEX "order_fail_reasons_mch_no_idx" ON "order_fail_reasons" USING btree ("mch_no");--> statement-breakpoint
CREATE INDEX "order_fail_reasons_status_idx" ON "order_fail_reasons" USING btree ("status");--> statement-breakpoint
CREATE INDEX "order_fail_reasons_count_idx" ON "order_fail_reasons" USING btree ("count");--> statement-breakpoint
CREATE INDEX "order_fail_reasons_reason_trgm_idx" ON "order_fail_reasons" USING gin ("reason" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_place_log_at_idx" ON "order_place_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "order_place_log_mch_no_idx" ON "order_place_log" USING btree ("mch_no","id");--> statement-breakpoint
CREATE INDEX "order_place_log_endpoint_idx" ON "order_place_log" USING btree ("endpoint","id");--> statement-breakpoint
CREATE INDEX "order_place_log_mch_order_no_idx" ON "order_place_log" USING btree ("mch_order_no");--> statement-breakpoint
CREATE INDEX "order_place_log_order_no_idx" ON "order_place_log" USING btree ("order_no") WHERE order_no <> '';--> statement-breakpoint
CREATE INDEX "order_place_log_amount_idx" ON "order_place_log" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "order_place_log_ip_idx" ON "order_place_log" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "order_place_log_accepted_idx" ON "order_place_log" USING btree ("accepted","id");--> statement-breakpoint
CREATE INDEX "order_place_log_code_idx" ON "order_place_log" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "order_place_log_code_name_idx" ON "order_place_log" USING btree ("code_name","id");--> statement-breakpoint
CREATE INDEX "order_place_log_latency_idx" ON "order_place_log" USING btree ("latency_ms");--> statement-breakpoint
CREATE UNIQUE INDEX "order_place_stat_key_idx" ON "order_place_stat" USING btree ("hour","mch_no","endpoint");--> statement-breakpoint
CREATE INDEX "order_place_stat_mch_no_idx" ON "order_place_stat" USING btree ("mch_no");--> statement-breakpoint
CREATE INDEX "order_place_stat_endpoint_idx" ON "order_place_stat" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "order_place_stat_accepted_idx" ON "order_place_stat" USING btree ("accepted_count");--> statement-breakpoint
CREATE INDEX "order_place_stat_refused_idx" ON "order_place_stat" USING btree ("refused_count");