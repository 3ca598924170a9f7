/**
 * The sandbox chain, built into the server under /sandbox/chain (config SANDBOX only): a node's API
 * (head, transfers in blocks, send, transaction) that the platform reaches through its ChainAdapter
 * over HTTP, and the controls a demo or a test drives (an outside wallet pays an address, mine
 * blocks, make a transaction fail). Plain JSON answers { code: 0, ...fields } or { code, msg }.
 * Every call carries the node key (node-key.ts) in a header, as a hosted node's API key; without it
 * the answer is a 401.
 *
 *   POST /head          { network }                         -> { height }
 *   POST /transfers     { network, fromBlock, toBlock }     -> { transfers: ChainTx[] } (mined blocks only)
 *   POST /tx            { network, txHash }                 -> ChainTx | 404
 *   POST /send          { network, from, to, amount, ref }  -> { txHash }  (the platform's wallet; the
 *                       same ref again answers the same transaction)
 *   POST /pay           { network, to, amount, from? }      -> { txHash }  (an outside wallet)
 *   POST /mine          { network, blocks? }                -> { height }
 *   POST /fail          { txHash }                          -> {}          (revert it)
 */
import { ADDRESS_PATTERNS, USDT_NETWORKS, type UsdtNetwork } from '@payops/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { fail, height, mine, transaction, transfer, transfersIn } from './chain.ts';
import { NODE_KEY_HEADER, nodeKeyValid } from './node-key.ts';

export const SANDBOX_CHAIN_ROOT = '/sandbox/chain';

const network = z.enum(USDT_NETWORKS);
const amount = z.string().regex(/^\d{1,20}(\.\d{1,6})?$/);
const address = z.string().min(1).max(64);
const bodies = {
  head: z.object({ network }),
  transfers: z.object({
    network,
    fromBlock: z.number().int().min(0),
    toBlock: z.number().int().min(0),
  }),
  tx: z.object({ network, txHash: z.string().min(1).max(80) }),
  send: z.object({ network, from: address, to: address, amount, ref: z.string().min(1).max(100) }),
  pay: z.object({ network, to: address, amount, from: address.optional() }),
  mine: z.object({ network, blocks: z.number().int().min(1).max(1000).default(1) }),
  fail: z.object({ txHash: z.string().min(1).max(80) }),
};

/** An outside wallet of the network (the sender of sandbox payments when none is named). */
export const OUTSIDE_WALLETS: Record<UsdtNetwork, string> = {
  TRC20: 'TXmemberWa11etSandboxPaysUsdt1234a',
  ERC20: '0x5e11e55a0000000000000000000000000000cafe',
};

const valid = (n: UsdtNetwork, a: string) => new RegExp(`^(?:${ADDRESS_PATTERNS[n]})$`).test(a);

function refuse(reply: FastifyReply, status: number, msg: string) {
  return reply.status(status).send({ code: status, msg });
}

export async function sandboxChainRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const opts = { config: { access: 'public' as const }, schema: { tags: ['sandbox'], hide: true } };
  const handle = <K extends keyof typeof bodies>(
    name: K,
    run: (p: z.infer<(typeof bodies)[K]>, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.post(`${SANDBOX_CHAIN_ROOT}/${name}`, opts, async (request, reply) => {
      if (!nodeKeyValid(ctx.keys.secretKey, request.headers[NODE_KEY_HEADER]))
        return refuse(reply, 401, 'sandbox chain: missing or wrong node key');
      const parsed = bodies[name].safeParse(request.body);
      if (!parsed.success)
        return refuse(reply, 400, `sandbox chain: malformed ${parsed.error.issues[0]?.path.join('.')}`);
      return run(parsed.data as z.infer<(typeof bodies)[K]>, reply);
    });

  handle('head', async (p) => ({ code: 0, height: await height(ctx, p.network) }));
  handle('transfers', async (p, reply) => {
    if (p.toBlock < p.fromBlock || p.toBlock - p.fromBlock > 10_000)
      return refuse(reply, 400, 'sandbox chain: block range');
    return { code: 0, transfers: await transfersIn(ctx, p.network, p.fromBlock, p.toBlock) };
  });
  handle('tx', async (p, reply) => {
    const tx = await transaction(ctx, p.network, p.txHash);
    return tx ? { code: 0, ...tx } : refuse(reply, 404, 'sandbox chain: no such transaction');
  });
  const send = async (
    n: UsdtNetwork,
    from: string,
    to: string,
    amt: string,
    reply: FastifyReply,
    ref?: string,
  ) => {
    if (!valid(n, to) || !valid(n, from)) return refuse(reply, 400, `sandbox chain: not a ${n} address`);
    return { code: 0, txHash: await transfer(ctx, n, from, to, amt, ref) };
  };
  handle('send', (p, reply) => send(p.network, p.from, p.to, p.amount, reply, p.ref));
  handle('pay', (p, reply) => send(p.network, p.from ?? OUTSIDE_WALLETS[p.network], p.to, p.amount, reply));
  handle('mine', async (p) => ({ code: 0, height: await mine(ctx, p.network, p.blocks) }));
  handle('fail', async (p, reply) =>
    (await fail(ctx, p.txHash)) ? { code: 0 } : refuse(reply, 404, 'sandbox chain: no such transaction'),
  );
}
