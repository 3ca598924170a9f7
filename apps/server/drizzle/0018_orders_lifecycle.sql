CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"mch_no" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"action" text NOT NULL,
	"decision" boolean NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_review_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"merchant_id" integer,
	"max_amount" numeric(28, 8),
	"max_daily_count" integer,
	"hours_from" text,
	"hours_to" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "reviewed_by_name" text;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "manual_by" integer;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "manual_from" text;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "manual_reason" text;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "reviewed_by_name" text;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "manual_by" integer;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "manual_from" text;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "manual_reason" text;--> statement-breakpoint
ALTER TABLE "withdraw_review_rules" ADD CONSTRAINT "withdraw_review_rules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_no_idx" ON "order_events" USING btree ("order_no","id");--> statement-breakpoint
CREATE INDEX "order_events_mch_no_idx" ON "order_events" USING btree ("mch_no","id");--> statement-breakpoint
CREATE INDEX "order_events_action_idx" ON "order_events" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "order_events_operator_idx" ON "order_events" USING btree ("operator_name","id");--> statement-breakpoint
CREATE INDEX "order_events_at_idx" ON "order_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "order_events_family_idx" ON "order_events" USING btree ("family","id");--> statement-breakpoint
CREATE INDEX "order_events_decision_idx" ON "order_events" USING btree ("decision","id");--> statement-breakpoint
CREATE INDEX "deposit_orders_status_created_idx" ON "deposit_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_orders_status_created_idx" ON "withdraw_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdraw_orders_scheduled_idx" ON "withdraw_orders" USING btree ("scheduled_at") WHERE scheduled_at IS NOT NULL;