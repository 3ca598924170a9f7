CREATE TABLE "email_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mailbox_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_mailboxes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_mailboxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"bank" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"tls" boolean DEFAULT true NOT NULL,
	"username" text NOT NULL,
	"password_enc" text NOT NULL,
	"folder" text DEFAULT 'INBOX' NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"uid_validity" text,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_polled_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mailbox_id" integer,
	"bank" text,
	"source" text NOT NULL,
	"message_id" text NOT NULL,
	"amount" numeric(28, 8),
	"account_tail" text,
	"payer_name" text,
	"paid_at" timestamp with time zone,
	"subject" text,
	"status" text NOT NULL,
	"match_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_assignments" ADD CONSTRAINT "email_assignments_mailbox_id_email_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."email_mailboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_assignments" ADD CONSTRAINT "email_assignments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_assignments" ADD CONSTRAINT "email_assignments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_orders" ADD CONSTRAINT "email_orders_mailbox_id_email_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."email_mailboxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_orders_message_id_key" ON "email_orders" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "email_orders_created_idx" ON "email_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "email_orders_id_idx" ON "email_orders" USING btree ("id");--> statement-breakpoint
CREATE INDEX "email_orders_mailbox_idx" ON "email_orders" USING btree ("mailbox_id","id");--> statement-breakpoint
CREATE INDEX "email_orders_bank_idx" ON "email_orders" USING btree ("bank","id");--> statement-breakpoint
CREATE INDEX "email_orders_source_idx" ON "email_orders" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "email_orders_status_idx" ON "email_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "email_orders_account_tail_idx" ON "email_orders" USING btree ("account_tail","id");--> statement-breakpoint
CREATE INDEX "email_orders_match_idx" ON "email_orders" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "email_orders_unmatched_idx" ON "email_orders" USING btree ("created_at") WHERE status = 'unmatched';