ALTER TABLE "recon_lines" ADD COLUMN "our_fee" numeric(28, 8);--> statement-breakpoint
ALTER TABLE "recon_statements" ADD COLUMN "fee_differs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The sandbox provider's statement has a fee column now (contracts SANDBOX_STATEMENT_MAPPING).
UPDATE "interface_types" SET "stmt_fee_column" = 'fee' WHERE "code" = 'sandbox' AND "stmt_fee_column" IS NULL;
