-- Trigram indexes back the `contains` filters of large tables (members' finance tags).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
