CREATE TABLE "member_first_deposits" (
	"merchant_id" integer NOT NULL,
	"member_account" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"passage_id" integer,
	"pay_type" text NOT NULL,
	"amount" numeric(28, 8) NOT NULL,
	"level" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "member_first_deposits_merchant_id_member_account_pk" PRIMARY KEY("merchant_id","member_account")
);
--> statement-breakpoint
CREATE TABLE "member_level_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"merchant_id" integer NOT NULL,
	"from_level" integer NOT NULL,
	"to_level" integer NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_first_deposit_channels" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"passage_id" integer NOT NULL,
	"pay_type" text NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_first_deposit_cohorts" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"level" integer NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"back1" integer DEFAULT 0 NOT NULL,
	"back3" integer DEFAULT 0 NOT NULL,
	"back7" integer DEFAULT 0 NOT NULL,
	"back15" integer DEFAULT 0 NOT NULL,
	"back30" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_level_days" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"from_level" integer NOT NULL,
	"to_level" integer NOT NULL,
	"promoted" integer DEFAULT 0 NOT NULL,
	"demoted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_match_days" (
	"day" date NOT NULL,
	"deposit_merchant_id" integer NOT NULL,
	"withdraw_merchant_id" integer NOT NULL,
	"matches" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"confirmed_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"confirmed_fee" numeric(28, 8) DEFAULT '0' NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failed_amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	"confirm_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_match_sync_days" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"family" text NOT NULL,
	"callbacks" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"delivered_amount" numeric(28, 8) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_match_wait_days" (
	"day" date NOT NULL,
	"merchant_id" integer NOT NULL,
	"bucket" smallint NOT NULL,
	"pieces" integer DEFAULT 0 NOT NULL,
	"amount" numeric(28, 8) DEFAULT '0' NOT NULL,
	"wait_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_third_error_days" (
	"day" date NOT NULL,
	"third_party_id" integer NOT NULL,
	"passage_id" integer NOT NULL,
	"source" text NOT NULL,
	"error" text NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_third_push_days" (
	"day" date NOT NULL,
	"third_party_id" integer NOT NULL,
	"passage_id" integer NOT NULL,
	"direction" text NOT NULL,
	"pushes" integer DEFAULT 0 NOT NULL,
	"push_errors" integer DEFAULT 0 NOT NULL,
	"callbacks" integer DEFAULT 0 NOT NULL,
	"callbacks_refused" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_notifications" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_notify_attempts" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "routing_decisions" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "upstream_callbacks" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "member_first_deposits_created_xid_idx" ON "member_first_deposits" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "member_first_deposits_at_idx" ON "member_first_deposits" USING btree ("at");--> statement-breakpoint
CREATE INDEX "member_level_changes_created_xid_idx" ON "member_level_changes" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "member_level_changes_at_idx" ON "member_level_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "member_level_changes_member_idx" ON "member_level_changes" USING btree ("member_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_first_deposit_channels_key" ON "report_first_deposit_channels" USING btree ("day","merchant_id","passage_id","pay_type");--> statement-breakpoint
CREATE UNIQUE INDEX "report_first_deposit_cohorts_key" ON "report_first_deposit_cohorts" USING btree ("day","merchant_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "report_level_days_key" ON "report_level_days" USING btree ("day","merchant_id","from_level","to_level");--> statement-breakpoint
CREATE UNIQUE INDEX "report_match_days_key" ON "report_match_days" USING btree ("day","deposit_merchant_id","withdraw_merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_match_sync_days_key" ON "report_match_sync_days" USING btree ("day","merchant_id","family");--> statement-breakpoint
CREATE UNIQUE INDEX "report_match_wait_days_key" ON "report_match_wait_days" USING btree ("day","merchant_id","bucket");--> statement-breakpoint
CREATE UNIQUE INDEX "report_third_error_days_key" ON "report_third_error_days" USING btree ("day","third_party_id","passage_id","source","error");--> statement-breakpoint
CREATE UNIQUE INDEX "report_third_push_days_key" ON "report_third_push_days" USING btree ("day","third_party_id","passage_id","direction");--> statement-breakpoint
CREATE INDEX "matches_created_xid_idx" ON "matches" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "merchant_notifications_created_xid_idx" ON "merchant_notifications" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "merchant_notify_attempts_created_xid_idx" ON "merchant_notify_attempts" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "routing_decisions_created_xid_idx" ON "routing_decisions" USING btree ("created_xid");--> statement-breakpoint
CREATE INDEX "upstream_callbacks_created_xid_idx" ON "upstream_callbacks" USING btree ("created_xid");