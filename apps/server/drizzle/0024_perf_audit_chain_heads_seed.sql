-- The chains' heads as the logs end now (platform/audit.ts appends through audit_chain_heads from here on).
INSERT INTO audit_chain_heads (chain, shard, prev_hash, hash)
SELECT DISTINCT ON (shard) 'operation_log', shard, prev_hash, hash FROM operation_log ORDER BY shard, id DESC;
--> statement-breakpoint
INSERT INTO audit_chain_heads (chain, shard, prev_hash, hash)
SELECT 'login_log', 0, prev_hash, hash FROM login_log ORDER BY id DESC LIMIT 1;
