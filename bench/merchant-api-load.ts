/**
 * The load of the merchant API row, in its own process (bench/merchant-api.ts starts it): CONNECTIONS
 * loops, each creating deposits through HTTP with a fresh timestamp, nonce and signature per request,
 * for the given seconds. Prints { created, refused, errors, seconds } as JSON.
 */
import { type MerchantCredentials, merchantApiCall } from '../apps/server/src/demo/orders-client.ts';

const { origin, merchants, seconds, connections } = JSON.parse(process.argv[2]!) as {
  origin: string;
  merchants: MerchantCredentials[];
  seconds: number;
  connections: number;
};
const PAY_TYPES = ['alipay', 'wechat', 'bank_card', 'ecny'];
const until = Date.now() + seconds * 1000;
let created = 0;
let refused = 0;
let errors = 0;
let n = 0;
const run = `B${process.pid}`;
const t0 = Date.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (Date.now() < until) {
      const i = n++;
      const m = merchants[i % merchants.length]!;
      try {
        const res = await merchantApiCall(origin, m, 'deposit/create', {
          mchOrderNo: `${run}-${i}`,
          amount: `${100 + (i % 4900)}.${String(i % 100).padStart(2, '0')}`,
          payType: PAY_TYPES[i % PAY_TYPES.length]!,
        });
        if (res.envelope.code === 0) created++;
        else refused++;
      } catch {
        errors++;
      }
    }
  }),
);
process.stdout.write(JSON.stringify({ created, refused, errors, seconds: (Date.now() - t0) / 1000 }));
