CREATE TABLE "status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"transition" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"operator_id" integer,
	"operator_name" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"extra" jsonb
);
--> statement-breakpoint
ALTER TABLE "merchant_adjustments" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "merchant_adjustments" ADD COLUMN "hold_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "operation_log" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "status_history_record_idx" ON "status_history" USING btree ("resource","record_id","id");--> statement-breakpoint
CREATE INDEX "operation_log_shard_idx" ON "operation_log" USING btree ("shard","id");--> statement-breakpoint
ALTER TABLE "operation_log" ADD CONSTRAINT "operation_log_shard_check" CHECK ("operation_log"."shard" >= 0 AND "operation_log"."shard" < 16);