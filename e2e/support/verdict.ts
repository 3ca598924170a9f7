/** A rule judged over many cases (every list, every report), for browser tests that read the definitions. */
import { expect } from 'vitest';

/** What one rule judged: how many cases, and each that broke it (printed, then required to be none). */
export class Verdict {
  judged = 0;
  readonly broken: string[] = [];

  close(what: string) {
    process.stdout.write(`${what} judged: ${this.judged}\n`);
    expect(this.judged).toBeGreaterThan(0);
    expect(this.broken).toEqual([]);
  }
}
