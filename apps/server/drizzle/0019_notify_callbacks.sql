CREATE TABLE "merchant_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"mch_order_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"mch_no" text NOT NULL,
	"order_status" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"notify_url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"round_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_http_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_notify_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" bigint NOT NULL,
	"attempt_no" integer NOT NULL,
	"url" text NOT NULL,
	"request_body" text NOT NULL,
	"http_status" integer,
	"response_excerpt" text DEFAULT '' NOT NULL,
	"latency_ms" integer NOT NULL,
	"error" text,
	"ok" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchant_controls" (
	"mch_no" text PRIMARY KEY NOT NULL,
	"fail_next" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchant_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mch_no" text NOT NULL,
	"order_no" text NOT NULL,
	"body" jsonb NOT NULL,
	"signature_valid" boolean NOT NULL,
	"answered_status" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_notifications" ADD CONSTRAINT "merchant_notifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_notify_attempts" ADD CONSTRAINT "merchant_notify_attempts_notification_id_merchant_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."merchant_notifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_notifications_once_idx" ON "merchant_notifications" USING btree ("family","order_id","order_status");--> statement-breakpoint
CREATE INDEX "merchant_notifications_due_idx" ON "merchant_notifications" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "merchant_notifications_status_idx" ON "merchant_notifications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "merchant_notifications_order_no_idx" ON "merchant_notifications" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "merchant_notifications_mch_order_no_idx" ON "merchant_notifications" USING btree ("mch_order_no");--> statement-breakpoint
CREATE INDEX "merchant_notifications_mch_no_idx" ON "merchant_notifications" USING btree ("mch_no","id");--> statement-breakpoint
CREATE INDEX "merchant_notifications_family_idx" ON "merchant_notifications" USING btree ("family","id");--> statement-breakpoint
CREATE INDEX "merchant_notifications_created_idx" ON "merchant_notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "merchant_notify_attempts_notification_idx" ON "merchant_notify_attempts" USING btree ("notification_id","id");--> statement-breakpoint
CREATE INDEX "merchant_notify_attempts_at_idx" ON "merchant_notify_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sandbox_merchant_receipts_order_idx" ON "sandbox_merchant_receipts" USING btree ("order_no","id");