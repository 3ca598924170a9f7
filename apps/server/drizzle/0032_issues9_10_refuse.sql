-- A statement's own refusal: a transition said as one statement (transitions/read-then-change.ts)
-- writes its change, its rows and a ledger entry together; when a part it cannot do without wrote
-- nothing (a leg's balance guard refused, the entry's event was posted before), this raises, and the
-- whole statement is undone. SQLSTATE PY001 tells the caller to take the transaction's path, which
-- says why.
CREATE FUNCTION payops_refuse_unless(ok boolean, what text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'refused: %', what USING ERRCODE = 'PY001';
  END IF;
  RETURN true;
END
$$;
