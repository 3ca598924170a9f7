CREATE TABLE "risk_block_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"direction" text NOT NULL,
	"rule" text NOT NULL,
	"kind" text,
	"entry_id" integer,
	"merchant_id" integer,
	"mch_no" text DEFAULT '' NOT NULL,
	"mch_order_no" text DEFAULT '' NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_freezes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"member_account" text DEFAULT '' NOT NULL,
	"freeze_deposit" boolean DEFAULT false NOT NULL,
	"freeze_withdraw" boolean DEFAULT false NOT NULL,
	"freeze_match" boolean DEFAULT false NOT NULL,
	"freeze_login" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_list_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"lookup_key" text NOT NULL,
	"net" "cidr",
	"network" text,
	"last4" text,
	"merchant_id" integer,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'operator' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer
);
--> statement-breakpoint
CREATE TABLE "risk_operation_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operation" text NOT NULL,
	"target" text NOT NULL,
	"target_id" integer,
	"summary" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"operator_id" integer,
	"actor" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "risk_block_log_at_idx" ON "risk_block_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "risk_block_log_source_idx" ON "risk_block_log" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "risk_block_log_rule_idx" ON "risk_block_log" USING btree ("rule","id");--> statement-breakpoint
CREATE INDEX "risk_block_log_entry_idx" ON "risk_block_log" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "risk_block_log_merchant_idx" ON "risk_block_log" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "risk_block_log_mch_order_idx" ON "risk_block_log" USING btree ("mch_order_no");--> statement-breakpoint
CREATE INDEX "risk_block_log_order_idx" ON "risk_block_log" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "risk_freezes_live_idx" ON "risk_freezes" USING btree ("merchant_id","member_account") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "risk_freezes_subject_idx" ON "risk_freezes" USING btree ("subject_type");--> statement-breakpoint
CREATE INDEX "risk_freezes_member_idx" ON "risk_freezes" USING btree ("member_account");--> statement-breakpoint
CREATE INDEX "risk_freezes_status_idx" ON "risk_freezes" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "risk_freezes_created_idx" ON "risk_freezes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_freezes_expires_idx" ON "risk_freezes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "risk_list_entries_lookup_idx" ON "risk_list_entries" USING btree ("lookup_key","list") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "risk_list_entries_net_idx" ON "risk_list_entries" USING gist ("net" inet_ops) WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "risk_list_entries_active_uq" ON "risk_list_entries" USING btree ("list","kind","lookup_key",coalesce(merchant_id, 0)) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "risk_list_entries_list_idx" ON "risk_list_entries" USING btree ("list","id");--> statement-breakpoint
CREATE INDEX "risk_list_entries_kind_idx" ON "risk_list_entries" USING btree ("kind","list");--> statement-breakpoint
CREATE INDEX "risk_list_entries_value_idx" ON "risk_list_entries" USING btree ("value");--> statement-breakpoint
CREATE INDEX "risk_list_entries_last4_idx" ON "risk_list_entries" USING btree ("last4");--> statement-breakpoint
CREATE INDEX "risk_list_entries_merchant_idx" ON "risk_list_entries" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "risk_list_entries_status_idx" ON "risk_list_entries" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "risk_list_entries_created_idx" ON "risk_list_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_list_entries_expires_idx" ON "risk_list_entries" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "risk_operation_records_at_idx" ON "risk_operation_records" USING btree ("at");--> statement-breakpoint
CREATE INDEX "risk_operation_records_operation_idx" ON "risk_operation_records" USING btree ("operation","id");--> statement-breakpoint
CREATE INDEX "risk_operation_records_target_idx" ON "risk_operation_records" USING btree ("target","id");--> statement-breakpoint
CREATE INDEX "risk_operation_records_target_id_idx" ON "risk_operation_records" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "risk_operation_records_operator_idx" ON "risk_operation_records" USING btree ("operator_id");