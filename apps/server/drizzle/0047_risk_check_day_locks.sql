-- The risk check (0045) locks a deposit's day sums (risk/check.ts): it is now VOLATILE and, for a
-- deposit, first takes an advisory lock per merchant with a daily limit and per member with a credit
-- level, held until the caller's transaction ends. The statement is otherwise unchanged.
CREATE OR REPLACE FUNCTION risk_check(
  p_now timestamptz, p_lists text[], p_merchant integer, p_keys text[], p_ip inet, p_direction text,
  p_member_norm text, p_member_given text, p_amount numeric, p_tz text)
RETURNS TABLE (src text, id bigint, list text, kind text, lookup_key text, value text, reason text,
  single_limit numeric, daily_limit numeric, used_today numeric)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  -- A deposit's day sums are read under locks held to the end of the caller's transaction, the one
  -- that inserts the deposit: two deposits at once cannot both take the last of a limit. Only a
  -- merchant with a daily limit, and a member whose level has limits, take one. VOLATILE, so the
  -- statement below reads with a fresh snapshot, after the lock: it sees the deposit of the
  -- transaction that held the lock before.
  IF p_amount IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('deposit-day'), mm.id)
       FROM merchants mm WHERE mm.id = p_merchant AND mm.daily_limit > 0;
    PERFORM pg_advisory_xact_lock(hashtext('deposit-day-member'), hashtext(p_merchant || ':' || m.account))
       FROM members m JOIN credit_levels c ON c.level = m.level
      WHERE m.merchant_id = p_merchant AND m.account = p_member_given;
  END IF;
  RETURN QUERY
  WITH member AS MATERIALIZED (
    SELECT m.id, m.merchant_id, m.account, m.level, m.status FROM members m
     WHERE m.merchant_id = p_merchant AND m.account = p_member_given),
  day_start AS MATERIALIZED (
    SELECT date_trunc('day', p_now AT TIME ZONE p_tz) AT TIME ZONE p_tz AS at)
  SELECT 'entry'::text, e.id::bigint, e.list::text, e.kind::text, e.lookup_key::text, e.value::text,
    e.reason::text, NULL::numeric, NULL::numeric, NULL::numeric
  FROM risk_list_entries e
   WHERE e.status = 'active' AND (e.expires_at IS NULL OR e.expires_at > p_now)
     AND e.list = ANY(p_lists)
     AND (e.merchant_id IS NULL OR e.merchant_id = p_merchant)
     AND (e.lookup_key = ANY(p_keys) OR e.net >>= p_ip)
  UNION ALL
  SELECT 'freeze', f.id, NULL, NULL, NULL, f.member_account, f.reason, NULL, NULL, NULL FROM risk_freezes f
   WHERE f.status = 'active' AND f.expires_at > p_now AND f.merchant_id = p_merchant
     AND CASE p_direction WHEN 'deposit' THEN f.freeze_deposit WHEN 'withdraw' THEN f.freeze_withdraw ELSE f.freeze_match END
     AND (f.subject_type = 'merchant' OR f.member_account = p_member_norm)
  UNION ALL
  SELECT 'member', m.id, NULL, NULL, NULL, m.account, coalesce((SELECT h.reason FROM status_history h
     WHERE h.resource = 'memberList' AND h.record_id = m.id::text AND h.to_status = 'frozen'
     ORDER BY h.id DESC LIMIT 1), ''), NULL, NULL, NULL FROM member m WHERE m.status = 'frozen'
  UNION ALL
  SELECT 'merchant', mc.id, NULL, NULL, NULL, mc.mch_no, coalesce((SELECT h.reason FROM status_history h
     WHERE h.resource = 'mchList' AND h.record_id = mc.id::text AND h.to_status = 'frozen'
     ORDER BY h.id DESC LIMIT 1), ''), NULL, NULL, NULL FROM merchants mc
   WHERE p_direction = 'withdraw' AND mc.id = p_merchant AND mc.status = 'frozen'
  UNION ALL
  SELECT 'level', l.id, NULL, NULL, NULL, l.account, '', l.single_limit, l.daily_limit, d.used
  FROM (SELECT c.id, c.single_limit, c.daily_limit, m.account, m.merchant_id
          FROM member m JOIN credit_levels c ON c.level = m.level WHERE p_amount IS NOT NULL OFFSET 0) l
  CROSS JOIN LATERAL (SELECT coalesce(sum(o.amount), 0) AS used FROM (
       SELECT o.amount FROM deposit_orders o
        WHERE o.member_account = l.account AND o.merchant_id = l.merchant_id
          AND o.created_at >= (SELECT at FROM day_start)
          AND o.status NOT IN ('timeout', 'cancelled', 'failed', 'refunded')
       UNION ALL
       SELECT o.amount FROM usdt_deposit_orders o
        WHERE o.member_account = l.account AND o.merchant_id = l.merchant_id
          AND o.created_at >= (SELECT at FROM day_start)
          AND o.status NOT IN ('timeout', 'refunding', 'refunded', 'ignored')) o) d
   WHERE p_amount > l.single_limit OR d.used + p_amount > l.daily_limit
  UNION ALL
  SELECT 'merchantDay', mc.id, NULL, NULL, NULL, mc.mch_no, '', NULL, mc.daily_limit, u.used
  FROM (SELECT mm.id, mm.mch_no, mm.daily_limit FROM merchants mm
         WHERE p_amount IS NOT NULL AND mm.id = p_merchant AND mm.daily_limit > 0 OFFSET 0) mc
  CROSS JOIN LATERAL (SELECT coalesce(sum(u.used), 0) AS used FROM merchant_deposit_usage u
     WHERE u.merchant_id = mc.id AND u.bucket >= (SELECT at FROM day_start)) u
   WHERE u.used + p_amount > mc.daily_limit;
END $$;
