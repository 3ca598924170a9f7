CREATE TABLE "merchant_deposit_usage" (
	"merchant_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"shard" smallint NOT NULL,
	"used" numeric(28, 8) DEFAULT '0' NOT NULL,
	CONSTRAINT "merchant_deposit_usage_merchant_id_bucket_shard_pk" PRIMARY KEY("merchant_id","bucket","shard")
);
--> statement-breakpoint
-- Adds a deposit's CNY amount (negative: takes it back) to its merchant's usage: the 15-minute bucket
-- (UTC) of its creation, the shard of its id (risk/check.ts sums a day's buckets; mch/schema.ts
-- merchantDepositUsage).
CREATE FUNCTION merchant_deposit_usage_add(m integer, at timestamptz, order_id bigint, amount numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO merchant_deposit_usage (merchant_id, bucket, shard, used)
  VALUES (m, to_timestamp(floor(extract(epoch FROM at) / 900) * 900), (order_id % 8)::smallint, amount)
  ON CONFLICT (merchant_id, bucket, shard) DO UPDATE SET used = merchant_deposit_usage.used + EXCLUDED.used
$$;
--> statement-breakpoint
-- A deposit's change of state or amount. TG_ARGV[0]: the states in which a deposit no longer uses the
-- limit (it ended unpaid).
CREATE FUNCTION merchant_deposit_usage_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ended text[] := TG_ARGV[0]::text[];
  was numeric := CASE WHEN OLD.status = ANY(ended) THEN 0 ELSE OLD.amount END;
  now_ numeric := CASE WHEN NEW.status = ANY(ended) THEN 0 ELSE NEW.amount END;
BEGIN
  IF was <> now_ THEN PERFORM merchant_deposit_usage_add(NEW.merchant_id, NEW.created_at, NEW.id, now_ - was); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deposits as they are inserted (one by one, or a bulk load): one grouped upsert per statement.
CREATE FUNCTION merchant_deposit_usage_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO merchant_deposit_usage (merchant_id, bucket, shard, used)
  SELECT merchant_id, to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900), (id % 8)::smallint, sum(amount)
    FROM new_rows
   WHERE NOT status = ANY(TG_ARGV[0]::text[])
   GROUP BY 1, 2, 3
  ON CONFLICT (merchant_id, bucket, shard) DO UPDATE SET used = merchant_deposit_usage.used + EXCLUDED.used;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deposit_orders_merchant_usage_update AFTER UPDATE ON deposit_orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount)
  EXECUTE FUNCTION merchant_deposit_usage_on_update('{timeout,cancelled,failed,refunded}');
--> statement-breakpoint
CREATE TRIGGER deposit_orders_merchant_usage_insert AFTER INSERT ON deposit_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_deposit_usage_on_insert('{timeout,cancelled,failed,refunded}');
--> statement-breakpoint
CREATE TRIGGER usdt_deposit_orders_merchant_usage_update AFTER UPDATE ON usdt_deposit_orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.amount IS DISTINCT FROM NEW.amount)
  EXECUTE FUNCTION merchant_deposit_usage_on_update('{timeout,refunding,refunded,ignored}');
--> statement-breakpoint
CREATE TRIGGER usdt_deposit_orders_merchant_usage_insert AFTER INSERT ON usdt_deposit_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_deposit_usage_on_insert('{timeout,refunding,refunded,ignored}');
--> statement-breakpoint
-- The deposits there are now.
INSERT INTO merchant_deposit_usage (merchant_id, bucket, shard, used)
SELECT merchant_id, bucket, shard, sum(amount) FROM (
  SELECT merchant_id, to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900) AS bucket, (id % 8)::smallint AS shard, amount
    FROM deposit_orders WHERE status NOT IN ('timeout', 'cancelled', 'failed', 'refunded')
  UNION ALL
  SELECT merchant_id, to_timestamp(floor(extract(epoch FROM created_at) / 900) * 900), (id % 8)::smallint, amount
    FROM usdt_deposit_orders WHERE status NOT IN ('timeout', 'refunding', 'refunded', 'ignored')
) d GROUP BY 1, 2, 3;
