CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_type" text DEFAULT '' NOT NULL,
	"ref_id" text DEFAULT '' NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_event_idx" ON "ledger_entries" USING btree ("ref_type","ref_id","event") WHERE ref_type <> '';