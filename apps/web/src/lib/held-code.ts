/**
 * The authenticator code currently held (spec §7): sent as the `googleCode` header while held,
 * forgotten 100 ms after a request used it, except when that request was the resource call.
 */
let held: string | null = null;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

export function holdCode(code: string): void {
  held = code;
  if (clearTimer) clearTimeout(clearTimer);
  clearTimer = undefined;
}

export function heldCode(): string | null {
  return held;
}

/** Called after a request carried the code. */
export function codeUsed(): void {
  if (clearTimer) clearTimeout(clearTimer);
  clearTimer = setTimeout(() => {
    held = null;
    clearTimer = undefined;
  }, 100);
}
