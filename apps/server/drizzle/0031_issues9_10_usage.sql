CREATE TABLE "passage_usage" (
	"passage_id" integer NOT NULL,
	"direction" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"shard" smallint NOT NULL,
	"used" numeric(28, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "passage_usage_passage_id_direction_bucket_shard_pk" PRIMARY KEY("passage_id","direction","bucket","shard")
);
--> statement-breakpoint
ALTER TABLE "trade_ads" ADD COLUMN "push_refused_at" timestamp with time zone;--> statement-breakpoint
-- Adds an order's amount (negative: takes it back) to its passage's usage: the 15-minute bucket (UTC) of
-- its creation, the shard of its id (routing.ts reads a day's buckets; upstream/schema.ts passageUsage).
CREATE FUNCTION passage_usage_add(p integer, d text, at timestamptz, order_id bigint, amount numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO passage_usage (passage_id, direction, bucket, shard, used)
  VALUES (p, d, to_timestamp(floor(extract(epoch FROM at) / 900) * 900), (order_id % 8)::smallint, amount)
  ON CONFLICT (passage_id, direction, bucket, shard) DO UPDATE SET used = passage_usage.used + EXCLUDED.used
$$;
--> statement-breakpoint
-- An order's change of state, passage or amount: out of the usage as it was, into it as it is.
-- TG_ARGV: the direction, the states that use the cap (routing.ts USING_CAP).
CREATE FUNCTION passage_usage_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  states text[] := TG_ARGV[1]::text[];
  was numeric := CASE WHEN OLD.passage_id IS NOT NULL AND OLD.status = ANY(states) THEN OLD.amount ELSE 0 END;
  now_ numeric := CASE WHEN NEW.passage_id IS NOT NULL AND NEW.status = ANY(states) THEN NEW.amount ELSE 0 END;
BEGIN
  IF OLD.passage_id IS NOT DISTINCT FROM NEW.passage_id AND was = now_ THEN RETURN NULL; END IF;
  IF was <> 0 THEN PERFORM passage_usage_add(OLD.passage_id, TG_ARGV[0], OLD.created_at, OLD.id, -was); END IF;
  IF now_ <> 0 THEN PERFORM passage_usage_add(NEW.passage_id, TG_ARGV[0], NEW.created_at, NEW.id, now_); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Orders inserted already in such a state (bulk loads, imports): one grouped upsert per statement.
CREATE FUNCTION passage_usage_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO passage_usage (passage_id, direction, bucket, shard, used)
  SELECT passage_id, TG_ARGV[0], to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900),
         (id % 8)::smallint, sum(amount)
    FROM new_rows
   WHERE passage_id IS NOT NULL AND status = ANY(TG_ARGV[1]::text[])
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (passage_id, direction, bucket, shard) DO UPDATE SET used = passage_usage.used + EXCLUDED.used;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deposit_orders_usage_update AFTER UPDATE ON deposit_orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.passage_id IS DISTINCT FROM NEW.passage_id OR OLD.amount IS DISTINCT FROM NEW.amount)
  EXECUTE FUNCTION passage_usage_on_update('deposit', '{pending_payment,paid,in_audit,success}');
--> statement-breakpoint
CREATE TRIGGER deposit_orders_usage_insert AFTER INSERT ON deposit_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passage_usage_on_insert('deposit', '{pending_payment,paid,in_audit,success}');
--> statement-breakpoint
CREATE TRIGGER withdraw_orders_usage_update AFTER UPDATE ON withdraw_orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.passage_id IS DISTINCT FROM NEW.passage_id OR OLD.amount IS DISTINCT FROM NEW.amount)
  EXECUTE FUNCTION passage_usage_on_update('withdraw', '{paying,success}');
--> statement-breakpoint
CREATE TRIGGER withdraw_orders_usage_insert AFTER INSERT ON withdraw_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION passage_usage_on_insert('withdraw', '{paying,success}');
--> statement-breakpoint
-- The orders there are now.
INSERT INTO passage_usage (passage_id, direction, bucket, shard, used)
SELECT passage_id, 'deposit', to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900), (id % 8)::smallint, sum(amount)
  FROM deposit_orders WHERE passage_id IS NOT NULL AND status IN ('pending_payment', 'paid', 'in_audit', 'success')
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO passage_usage (passage_id, direction, bucket, shard, used)
SELECT passage_id, 'withdraw', to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900), (id % 8)::smallint, sum(amount)
  FROM withdraw_orders WHERE passage_id IS NOT NULL AND status IN ('paying', 'success')
 GROUP BY 1, 2, 3, 4;
