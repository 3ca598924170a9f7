ALTER TABLE "usdt_deposit_orders" ADD COLUMN "channel_fee" numeric(28, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "usdt_withdraw_orders" ADD COLUMN "channel_fee" numeric(28, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "deposit_orders" ADD COLUMN "channel_fee" numeric(28, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "channel_fee" numeric(28, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_order_days" ADD COLUMN "success_channel_fee" numeric(28, 8) DEFAULT '0' NOT NULL;