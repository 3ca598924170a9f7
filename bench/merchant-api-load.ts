/**
 * The load of the merchant API row, in its own process (bench/merchant-api.ts starts it): CONNECTIONS
 * loops, each creating deposits through HTTP with a fresh timestamp, nonce and signature per request,
 * for the given seconds. Prints { created, refused, errors, seconds, cpuMsPerCall } as JSON.
 *
 * Signed by signing.ts as a merchant's client signs (demo/orders-client.ts), sent by the lean
 * load-client.ts rather than that client's fetch: the load shares the measured cores.
 */
import type { MerchantCredentials } from '../apps/server/src/demo/orders-client.ts';
import { signedBody } from '../apps/server/src/platform/signing.ts';
import { jsonPoster } from './load-client.ts';

const { origin, merchants, seconds, connections } = JSON.parse(process.argv[2]!) as {
  origin: string;
  merchants: MerchantCredentials[];
  seconds: number;
  connections: number;
};
const { post, close } = jsonPoster(origin, connections);

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
      const body = signedBody(m.secret, m.mchNo, {
        mchOrderNo: `${run}-${i}`,
        amount: `${100 + (i % 4900)}.${String(i % 100).padStart(2, '0')}`,
        payType: PAY_TYPES[i % PAY_TYPES.length]!,
      });
      try {
        const code = await post('/openapi/v1/deposit/create', JSON.stringify(body));
        if (code === 0) created++;
        else if (code > 0) refused++;
        else errors++;
      } catch {
        errors++;
      }
    }
  }),
);
close();
const took = (Date.now() - t0) / 1000;
const used = process.cpuUsage();
// This process's own CPU per call (its start included): what the load took from the measured cores.
const cpuMsPerCall = (used.user + used.system) / 1000 / Math.max(created + refused + errors, 1);
process.stdout.write(JSON.stringify({ created, refused, errors, seconds: took, cpuMsPerCall }));
