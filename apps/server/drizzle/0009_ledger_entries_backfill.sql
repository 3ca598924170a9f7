-- One entry row per existing journal entry, so the postings made before ledger_entries existed satisfy
-- the unique key on (ref_type, ref_id, event). Their event is their kind (a reversal's:
-- `reversal:<entry it reverses>`); where a reference already had that kind more than once (repeated
-- points adjustments of one member, demo refs that happened to repeat), the later ones get
-- `<kind>:<entry id>`, which keeps each of them and keys them apart.
INSERT INTO ledger_entries (id, kind, ref_type, ref_id, event, created_at)
SELECT entry_id, kind, ref_type, ref_id,
       CASE
         WHEN reverses_entry_id IS NOT NULL THEN 'reversal:' || reverses_entry_id
         WHEN row_number() OVER (PARTITION BY ref_type, ref_id, kind ORDER BY entry_id) = 1 THEN kind
         ELSE kind || ':' || entry_id
       END,
       created_at
  FROM (SELECT DISTINCT ON (entry_id) entry_id, kind, ref_type, ref_id, reverses_entry_id, created_at
          FROM ledger_postings ORDER BY entry_id, id) e;
--> statement-breakpoint
-- Entries are append-only like their postings (0004).
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
