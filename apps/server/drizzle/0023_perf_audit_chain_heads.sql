CREATE TABLE "audit_chain_heads" (
	"chain" text NOT NULL,
	"shard" smallint NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_chain_heads_chain_shard_pk" PRIMARY KEY("chain","shard")
);
