-- A record's status history is append-only like the logs (reuses refuse_log_change() of 0001).
CREATE TRIGGER status_history_append_only BEFORE UPDATE OR DELETE ON status_history
  FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER status_history_no_truncate BEFORE TRUNCATE ON status_history
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
