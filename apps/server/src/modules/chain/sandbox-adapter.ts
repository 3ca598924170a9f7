/**
 * The ChainAdapter of the built-in sandbox chain: JSON over real HTTP to <origin>/sandbox/chain,
 * through the outbound guard (the server's own origin is allowed while the sandbox is on), exactly
 * as a node adapter would call its node's RPC.
 */
import type { UsdtNetwork } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { allowedOrigins, outboundErrorText, postJson } from '../../platform/outbound.ts';
import { platformOrigin } from '../upstream/origin.ts';
import { type ChainAdapter, ChainError, type ChainTx } from './adapter.ts';
import { nodeKeyHeaders } from './sandbox/node-key.ts';
import { SANDBOX_CHAIN_ROOT } from './sandbox/routes.ts';

const TIMEOUT_MS = 5000;

async function rpc<T>(ctx: AppContext, path: string, body: object): Promise<(T & { code: 0 }) | null> {
  const origin = platformOrigin(ctx);
  if (!origin) throw new ChainError('sandbox chain: the server is not listening yet');
  let res: { status: number; body: string };
  try {
    res = await postJson(
      allowedOrigins(ctx),
      `${origin}${SANDBOX_CHAIN_ROOT}${path}`,
      JSON.stringify(body),
      TIMEOUT_MS,
      undefined,
      nodeKeyHeaders(ctx.keys.secretKey),
    );
  } catch (e) {
    throw new ChainError(`sandbox chain: ${outboundErrorText(e)}`);
  }
  let answer: { code?: unknown; msg?: unknown } & T;
  try {
    answer = JSON.parse(res.body);
  } catch {
    throw new ChainError(`sandbox chain: HTTP ${res.status}, not JSON`);
  }
  if (res.status === 404) return null;
  // A 4xx is the node's refusal (nothing sent); anything else leaves the outcome unknown.
  if (answer.code !== 0)
    throw new ChainError(
      `sandbox chain: ${String(answer.msg ?? res.status)}`,
      res.status >= 400 && res.status < 500,
    );
  return answer as T & { code: 0 };
}

export function sandboxChainAdapter(ctx: AppContext): ChainAdapter {
  const must = async <T>(path: string, body: object) => {
    const a = await rpc<T>(ctx, path, body);
    if (!a) throw new ChainError(`sandbox chain: ${path} not found`);
    return a;
  };
  return {
    latestBlock: async (network: UsdtNetwork) =>
      (await must<{ height: number }>('/head', { network })).height,
    transfers: async (network, fromBlock, toBlock) =>
      (await must<{ transfers: ChainTx[] }>('/transfers', { network, fromBlock, toBlock })).transfers,
    send: async (network, from, to, amount, ref) =>
      (await must<{ txHash: string }>('/send', { network, from, to, amount, ref })).txHash,
    transaction: async (network, txHash) => {
      const a = await rpc<ChainTx>(ctx, '/tx', { network, txHash });
      if (!a) return null;
      const { code: _c, ...tx } = a;
      return tx;
    },
  };
}
