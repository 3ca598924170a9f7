/**
 * Random choices in tests that can be replayed: the demo's seeded generator (mulberry32), and this
 * run's seed. A test that draws from `runSeed` says it in its name (`(seed ${runSeed})`), so a failure
 * report tells how to replay it: `TEST_SEED=<n> npx vitest run <file>`.
 */
import { Random } from '../src/demo/random.ts';

/** A float in [0, 1) per call, the same sequence for the same seed. */
export function prng(seed: number): () => number {
  const random = new Random(seed);
  return () => random.next();
}

export const runSeed = Number(process.env.TEST_SEED) || 1 + Math.floor(Math.random() * 2 ** 31);
