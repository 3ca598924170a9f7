ALTER TABLE "merchant_notifications" ADD COLUMN "order_family" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
CREATE INDEX "merchant_notifications_order_family_idx" ON "merchant_notifications" USING btree ("order_family","id");--> statement-breakpoint
-- The callbacks there are: each takes its order's family (the chain's orders: usdt).
UPDATE "merchant_notifications" n SET "order_family" = d.family
  FROM "deposit_orders" d WHERE n.family = 'deposit' AND d.id = n.order_id AND d.family <> 'normal';
--> statement-breakpoint
UPDATE "merchant_notifications" n SET "order_family" = w.family
  FROM "withdraw_orders" w WHERE n.family = 'withdraw' AND w.id = n.order_id AND w.family <> 'normal';
--> statement-breakpoint
UPDATE "merchant_notifications" SET "order_family" = 'usdt' WHERE family IN ('usdtDeposit', 'usdtWithdraw');
