CREATE TABLE "addr_pool" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"network" text NOT NULL,
	"status" text DEFAULT 'free' NOT NULL,
	"assignee" text,
	"balance" numeric(30, 8) DEFAULT '0' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addr_pool_flows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"address_id" integer NOT NULL,
	"address" text NOT NULL,
	"network" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"balance_after" numeric(30, 8) NOT NULL,
	"tx_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_message_reads" (
	"message_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sys_message_reads_operator_id_message_id_pk" PRIMARY KEY("operator_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "sys_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "addr_pool_flows" ADD CONSTRAINT "addr_pool_flows_address_id_addr_pool_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addr_pool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_message_reads" ADD CONSTRAINT "sys_message_reads_message_id_sys_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."sys_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_message_reads" ADD CONSTRAINT "sys_message_reads_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_messages" ADD CONSTRAINT "sys_messages_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addr_pool_address_idx" ON "addr_pool" USING btree ("address");--> statement-breakpoint
CREATE INDEX "addr_pool_network_status_idx" ON "addr_pool" USING btree ("network","status");--> statement-breakpoint
CREATE INDEX "addr_pool_status_idx" ON "addr_pool" USING btree ("status");--> statement-breakpoint
CREATE INDEX "addr_pool_assignee_idx" ON "addr_pool" USING btree ("assignee") WHERE assignee IS NOT NULL;--> statement-breakpoint
CREATE INDEX "addr_pool_created_idx" ON "addr_pool" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "addr_pool_flows_address_idx" ON "addr_pool_flows" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "addr_pool_flows_network_idx" ON "addr_pool_flows" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "addr_pool_flows_direction_idx" ON "addr_pool_flows" USING btree ("direction","created_at");--> statement-breakpoint
CREATE INDEX "addr_pool_flows_tx_idx" ON "addr_pool_flows" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "addr_pool_flows_created_idx" ON "addr_pool_flows" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sys_messages_published_idx" ON "sys_messages" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "login_log_username_idx" ON "login_log" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_log_ip_idx" ON "login_log" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "login_log_result_idx" ON "login_log" USING btree ("result","at");--> statement-breakpoint
CREATE INDEX "operation_log_object_type_idx" ON "operation_log" USING btree ("object_type","at");--> statement-breakpoint
CREATE INDEX "operation_log_object_id_idx" ON "operation_log" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "operation_log_result_idx" ON "operation_log" USING btree ("result","at");--> statement-breakpoint
CREATE INDEX "operation_log_ip_idx" ON "operation_log" USING btree ("ip","at");