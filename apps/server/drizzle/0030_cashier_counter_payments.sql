CREATE TABLE "counter_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_no" text NOT NULL,
	"wallet_member_id" bigint NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"cashier_id" integer,
	"cashier_name" text DEFAULT '' NOT NULL,
	"entry_id" bigint,
	"close_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "counter_sms_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"wallet_member_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"sent_by" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "counter_payments_no_idx" ON "counter_payments" USING btree ("payment_no");--> statement-breakpoint
CREATE INDEX "counter_payments_no_trgm_idx" ON "counter_payments" USING gin ("payment_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "counter_payments_member_idx" ON "counter_payments" USING btree ("wallet_member_id","id");--> statement-breakpoint
CREATE INDEX "counter_payments_status_idx" ON "counter_payments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "counter_payments_cashier_idx" ON "counter_payments" USING btree ("cashier_name","id");--> statement-breakpoint
CREATE INDEX "counter_payments_created_idx" ON "counter_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "counter_sms_codes_payment_idx" ON "counter_sms_codes" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "counter_sms_codes_member_idx" ON "counter_sms_codes" USING btree ("wallet_member_id","sent_at");--> statement-breakpoint
CREATE INDEX "counter_sms_codes_state_idx" ON "counter_sms_codes" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "counter_sms_codes_sent_idx" ON "counter_sms_codes" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "sandbox_sms_outbox_phone_idx" ON "sandbox_sms_outbox" USING btree ("phone","id");