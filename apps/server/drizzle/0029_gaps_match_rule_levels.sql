ALTER TABLE "match_rules" DROP COLUMN "min_match_level";--> statement-breakpoint
ALTER TABLE "match_rules" DROP COLUMN "max_level_gap";