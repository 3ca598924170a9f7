-- A member's finance tags are a comma-separated set of codes: the member list's tag filter matches one
-- of them (platform/crud/query.ts setHas), and the tag list counts each tag's members, both through
-- this index on the set. The trigram index it replaces served the substring search the filter was
-- ('vip' found 'vipx'), and could not serve the counts, which read every member.
DROP INDEX "members_finance_tags_idx";--> statement-breakpoint
CREATE INDEX "members_finance_tags_idx" ON "members" USING gin (string_to_array("finance_tags", ','));