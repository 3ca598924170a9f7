-- The ledger journal is append-only (security.md, "Money"): a posting is never changed or removed; a
-- mistake is corrected by a reversing entry. Reuses refuse_log_change() of 0001_append_only_logs.
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
