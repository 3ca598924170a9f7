-- The demo seeded its sandbox payout providers' interface configs with a payout URL the sandbox does
-- not serve (/payout/submit); nothing read it until the adapters called the configs' URLs
-- (modules/upstream/endpoints.ts). Its payouts are created at /payout/create.
UPDATE third_interfaces
   SET payout_url = regexp_replace(payout_url, '/sandbox/upstream/payout/submit$', '/sandbox/upstream/payout/create')
 WHERE payout_url LIKE '%/sandbox/upstream/payout/submit';
