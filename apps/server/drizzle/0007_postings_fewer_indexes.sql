DROP INDEX "ledger_postings_owner_idx";--> statement-breakpoint
DROP INDEX "ledger_postings_merchant_idx";