/**
 * A seeded random source (mulberry32) so the demo platform is the same on every machine for a seed:
 * screenshots, benchmarks and bug reports can refer to the same merchants and members.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1): only for choices and shapes, never for an amount (amounts are built as text). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let r = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }

  /** An amount in whole yuan and fen between min and max yuan, as a decimal string. */
  amount(minYuan: number, maxYuan: number): string {
    return `${this.int(minYuan, maxYuan - 1)}.${String(this.int(0, 99)).padStart(2, '0')}`;
  }
}
