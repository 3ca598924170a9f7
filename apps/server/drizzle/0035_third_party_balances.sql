CREATE TABLE "sandbox_accounts" (
	"mch_no" text PRIMARY KEY NOT NULL,
	"topped_up" numeric(28, 8) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "third_interfaces" ADD COLUMN "balance" numeric(28, 8);--> statement-breakpoint
ALTER TABLE "third_interfaces" ADD COLUMN "balance_alert" numeric(28, 8);--> statement-breakpoint
ALTER TABLE "third_interfaces" ADD COLUMN "balance_state" text;--> statement-breakpoint
ALTER TABLE "third_interfaces" ADD COLUMN "balance_error" text;--> statement-breakpoint
ALTER TABLE "third_interfaces" ADD COLUMN "balance_checked_at" timestamp with time zone;