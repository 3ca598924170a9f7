/**
 * The signing rules and a worked example, as the OpenAPI document shows them on every merchant API
 * operation. The values are written out (a merchant reads them, a test recomputes them with
 * signing.ts: openapi-doc.test.ts), so the document cannot drift from the code.
 */

/** A deposit request's parameters, with an empty one (left out of the canonical string). */
export const SIGNING_EXAMPLE = {
  secret: 'sk_test_9fQ2mV7xL4pR8tZ1',
  params: {
    mchNo: 'M12345678',
    timestamp: '1795420800000',
    nonce: '5f2b9c1e7a3d4e60',
    mchOrderNo: 'SHOP20261123001',
    amount: '100.00',
    payType: 'alipay',
    memberAccount: '',
    notifyUrl: 'https://shop.example.com/pay/notify',
  },
  canonical:
    'amount=100.00&mchNo=M12345678&mchOrderNo=SHOP20261123001&nonce=5f2b9c1e7a3d4e60' +
    '&notifyUrl=https://shop.example.com/pay/notify&payType=alipay&timestamp=1795420800000',
  sign: '6f39da1489ccb60cbcb1578e5dc0bde51f4e93d6ea17ca2cd1028e4862f4bda9',
} as const;

const e = SIGNING_EXAMPLE;

export const SIGNING_DESCRIPTION = `
Merchant API (outside the console's sign-in). POST a JSON body whose parameters are all strings, and
send \`Accept-Language: en-US\` for English messages (default zh-CN).

**Every request carries** \`mchNo\`, \`timestamp\` (Unix milliseconds, within 5 minutes of the server
clock), \`nonce\` (8-64 characters of [A-Za-z0-9_-], never reused by this merchant) and \`sign\`.
It is refused when the timestamp is off by more than 5 minutes (2002), the signature does not match
or the merchant number is unknown (2001, one answer for both), the caller's address is not on the
merchant's API IP white list (2006; an empty list refuses every call), the nonce was used before
(2003), or the merchant is disabled or frozen (2005); more than the per-merchant rate in a minute
answers 429 with Retry-After. A bad field answers 400 naming it; amounts are
CNY with at most 2 decimals (more are refused, never rounded). A repeated \`mchOrderNo\` answers the
existing order.

**Signing**
1. Take every body parameter except \`sign\` (mchNo, timestamp and nonce included).
2. Leave out parameters whose value is empty.
3. Sort the names in ascending character-code (ASCII) order.
4. Join as \`name=value\` with \`&\`, values exactly as sent (no URL encoding).
5. \`sign\` = lowercase hex HMAC-SHA256 of that string, keyed with the merchant's secret (UTF-8).

**Worked example** (secret \`${e.secret}\`), parameters:
\`\`\`json
${JSON.stringify(e.params, null, 2)}
\`\`\`
canonical string (memberAccount is empty, so left out):
\`\`\`
${e.canonical}
\`\`\`
sign: \`${e.sign}\`
`.trim();
