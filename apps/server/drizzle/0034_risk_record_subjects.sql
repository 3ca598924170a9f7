ALTER TABLE "risk_operation_records" ADD COLUMN "merchant_id" integer;--> statement-breakpoint
ALTER TABLE "risk_operation_records" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "risk_operation_records" ADD COLUMN "freezes" text;--> statement-breakpoint
CREATE INDEX "risk_operation_records_merchant_idx" ON "risk_operation_records" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "risk_operation_records_kind_idx" ON "risk_operation_records" USING btree ("kind","id");--> statement-breakpoint
-- Records written before these columns said "<kind>: <value>" in summary (a lift's value unmasked):
-- kind and merchant from the entry, the value as its add record showed it (masked then).
UPDATE "risk_operation_records" r
   SET "kind" = e."kind", "merchant_id" = e."merchant_id",
       "summary" = coalesce((SELECT substr(a."summary", strpos(a."summary", ': ') + 2)
                               FROM "risk_operation_records" a
                              WHERE a."target" = r."target" AND a."target_id" = r."target_id"
                                AND a."operation" IN ('add', 'import') AND strpos(a."summary", ': ') > 0
                              ORDER BY a."id" LIMIT 1), '')
  FROM "risk_list_entries" e
 WHERE r."target" <> 'mchFrozenList' AND e."id" = r."target_id" AND r."kind" IS NULL;--> statement-breakpoint
UPDATE "risk_operation_records" r
   SET "kind" = f."subject_type", "merchant_id" = f."merchant_id", "summary" = f."member_account",
       "freezes" = concat_ws(',', CASE WHEN f."freeze_deposit" THEN 'freezeDeposit' END,
                                  CASE WHEN f."freeze_withdraw" THEN 'freezeWithdraw' END,
                                  CASE WHEN f."freeze_match" THEN 'freezeMatch' END,
                                  CASE WHEN f."freeze_login" THEN 'freezeLogin' END)
  FROM "risk_freezes" f
 WHERE r."target" = 'mchFrozenList' AND f."id" = r."target_id" AND r."kind" IS NULL;
