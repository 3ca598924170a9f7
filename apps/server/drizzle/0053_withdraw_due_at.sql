-- When an open withdrawal times out, stored with it (order/create.ts): the header's timed-out badge
-- and the withdrawal list's `overdue` filter read the same column, so the badge opens exactly the
-- withdrawals it counts. Existing withdrawals get what the badge computed until now: the merchant's
-- withdrawal timeout, else the platform's orderTimeoutMinutes (default 30), after creation or after
-- the reserved payout time.
DROP INDEX "withdraw_orders_open_idx";--> statement-breakpoint
ALTER TABLE "withdraw_orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
UPDATE "withdraw_orders" w
   SET "due_at" = GREATEST(w.created_at, COALESCE(w.scheduled_at, w.created_at))
     + make_interval(mins => COALESCE(
         (SELECT m.withdraw_timeout FROM merchants m WHERE m.id = w.merchant_id),
         (SELECT round((c.value #>> '{}')::numeric)::int FROM sys_config c WHERE c.key = 'orderTimeoutMinutes'),
         30));--> statement-breakpoint
ALTER TABLE "withdraw_orders" ALTER COLUMN "due_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "withdraw_orders_open_idx" ON "withdraw_orders" USING btree ("created_at","due_at","amount","status") WHERE status IN ('in_review', 'approved', 'paying', 'detained');
