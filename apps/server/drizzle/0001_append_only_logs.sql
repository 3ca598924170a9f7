-- The login log and the operation log are append-only (PCI DSS 10.3): no UPDATE, no DELETE, no TRUNCATE.
CREATE OR REPLACE FUNCTION refuse_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER login_log_append_only BEFORE UPDATE OR DELETE ON login_log
  FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER login_log_no_truncate BEFORE TRUNCATE ON login_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER operation_log_append_only BEFORE UPDATE OR DELETE ON operation_log
  FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER operation_log_no_truncate BEFORE TRUNCATE ON operation_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
