-- The error report (logReport) reads in the operator's language: a merchant API row's endpoint and an
-- upstream row's code are stored as system texts (contracts system-texts.ts), as new rows now are.
-- Both rewrites are one-to-one, so the report's key stays unique.
UPDATE error_report_daily SET endpoint = '@merchantApiEndpoint.' || endpoint
 WHERE source = 'api' AND endpoint NOT LIKE '@%';--> statement-breakpoint
UPDATE error_report_daily SET code = '@upstreamError' WHERE source = 'upstream' AND code = 'upstream_error';
