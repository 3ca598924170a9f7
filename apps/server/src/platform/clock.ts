/**
 * The server's clock. Production reads the system time; tests move it forward to prove timeouts
 * (security.md: "clock moved 15m01s: session over") without waiting.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
