import { sql } from 'drizzle-orm';

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

/**
 * The start of the platform day holding `now`, in SQL (`now` and `timeZone` are the statement's
 * values or expressions): daily caps and limits count from it.
 */
export const platformDayStartSql = (now: unknown, timeZone: unknown) =>
  sql`(date_trunc('day', ${now}::timestamptz AT TIME ZONE ${timeZone}::text) AT TIME ZONE ${timeZone}::text)`;
