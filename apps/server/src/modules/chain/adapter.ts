/**
 * What the platform needs of a chain, whatever the chain: a TRON or Ethereum node adapter would
 * implement exactly this (latest block, the USDT transfers in a range of blocks, send a transfer, a
 * transaction's block and status). The built-in sandbox chain is reached through it over real HTTP
 * (sandbox-adapter.ts), so the watcher and the payout job never know which one they talk to.
 */
import type { UsdtNetwork } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { sandboxChainAdapter } from './sandbox-adapter.ts';

export interface ChainTx {
  txHash: string;
  from: string;
  to: string;
  /** USDT, a decimal string. */
  amount: string;
  /** Null while the transaction waits for a block. */
  block: number | null;
  /** A reverted (failed) transfer moved nothing. */
  status: 'ok' | 'failed';
}

export interface ChainAdapter {
  latestBlock(network: UsdtNetwork): Promise<number>;
  /** The USDT transfers in blocks fromBlock..toBlock (inclusive), oldest first. */
  transfers(network: UsdtNetwork, fromBlock: number, toBlock: number): Promise<ChainTx[]>;
  /**
   * Sends a transfer from one of the platform's addresses; answers its hash. `ref` is the platform's
   * reference of this send (a node adapter keeps it as the transfer's memo or nonce): sending the same
   * ref again answers the same transaction, so a send whose answer was lost is simply sent again.
   */
  send(network: UsdtNetwork, from: string, to: string, amount: string, ref: string): Promise<string>;
  transaction(network: UsdtNetwork, txHash: string): Promise<ChainTx | null>;
}

/**
 * A chain call that failed. `refused`: the node said no (a bad address, too little gas), so nothing
 * was sent; otherwise (no answer, a 5xx) whether it was sent is unknown and the caller retries.
 */
export class ChainError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
  }
}

/** Confirmations of a transaction at a height: its own block counts as the first. */
export function confirmationsAt(block: number | null, height: number): number {
  return block === null || block > height ? 0 : height - block + 1;
}

/**
 * The chain of this platform: the sandbox while SANDBOX is on. A real node adapter would be chosen
 * here from the configuration; until one exists a platform without the sandbox has no chain, and
 * the watcher and payout job say so instead of guessing.
 */
export function chainAdapter(ctx: AppContext): ChainAdapter {
  if (ctx.config.sandbox) return sandboxChainAdapter(ctx);
  throw new ChainError('no chain node is configured (only the sandbox chain exists so far)');
}

/** The platform's hot wallet per network: withdrawals are paid from it. */
export const HOT_WALLETS: Record<UsdtNetwork, string> = {
  TRC20: 'TPayopsHotWa11etSandboxUsdtTRC2Axy',
  ERC20: '0x9a0c0ffee000000000000000000000000000ab12',
};
