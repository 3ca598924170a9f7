CREATE TABLE "passage_health_stats" (
	"passage_id" integer PRIMARY KEY NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"down_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "routing_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"direction" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"pay_type" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"result" text NOT NULL,
	"passage_id" integer,
	"considered" integer DEFAULT 0 NOT NULL,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upstream_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_instructions" (
	"key" text PRIMARY KEY NOT NULL,
	"instruction" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"upstream_order_no" text NOT NULL,
	"mch_no" text NOT NULL,
	"order_no" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"notify_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"callbacks_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"third_party_code" text NOT NULL,
	"order_no" text,
	"result" text NOT NULL,
	"reason" text,
	"body" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "routing_decisions_order_idx" ON "routing_decisions" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "routing_decisions_direction_idx" ON "routing_decisions" USING btree ("direction");--> statement-breakpoint
CREATE INDEX "routing_decisions_merchant_idx" ON "routing_decisions" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "routing_decisions_pay_type_idx" ON "routing_decisions" USING btree ("pay_type");--> statement-breakpoint
CREATE INDEX "routing_decisions_amount_idx" ON "routing_decisions" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "routing_decisions_result_idx" ON "routing_decisions" USING btree ("result","id");--> statement-breakpoint
CREATE INDEX "routing_decisions_passage_idx" ON "routing_decisions" USING btree ("passage_id","id");--> statement-breakpoint
CREATE INDEX "routing_decisions_created_idx" ON "routing_decisions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_orders_no_idx" ON "sandbox_orders" USING btree ("upstream_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_orders_mch_order_idx" ON "sandbox_orders" USING btree ("mch_no","order_no");--> statement-breakpoint
CREATE INDEX "sandbox_orders_pending_idx" ON "sandbox_orders" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "upstream_callbacks_order_idx" ON "upstream_callbacks" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "upstream_callbacks_at_idx" ON "upstream_callbacks" USING btree ("at");