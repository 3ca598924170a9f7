/**
 * The authenticator-code dialog as a promise: `promptCode()` opens it and resolves with the code,
 * or null when the operator cancels. Requests that hit 17017 at the same time all wait for the one
 * code. Opening while open closes and reopens the dialog (spec §4), which resets its form.
 * The dialog says why it asks: the action's name (from the request path) and whether the code just
 * sent was refused.
 */
import { create } from 'zustand';

export interface CodeReason {
  /** The request that needs the code (mapped to the action's name by lib/action-names.ts). */
  path?: string;
  /** The previous code for this request was refused (wrong or already used). */
  retry?: boolean;
}

interface CodePromptState {
  open: boolean;
  /** Bumped on every (re)open so the dialog remounts with an empty field. */
  generation: number;
  waiters: ((code: string | null) => void)[];
  reason: CodeReason;
}

export const useCodePrompt = create<CodePromptState>(() => ({
  open: false,
  generation: 0,
  waiters: [],
  reason: {},
}));

export function promptCode(reason: CodeReason = {}): Promise<string | null> {
  return new Promise((resolve) => {
    const state = useCodePrompt.getState();
    useCodePrompt.setState({ open: false, waiters: [...state.waiters, resolve], reason });
    // Reopen on the next frame so the close is rendered first (the spec's close-and-reopen).
    setTimeout(() => useCodePrompt.setState((s) => ({ open: true, generation: s.generation + 1 })), 0);
  });
}

export function settleCodePrompt(code: string | null): void {
  const { waiters } = useCodePrompt.getState();
  useCodePrompt.setState({ open: false, waiters: [] });
  for (const resolve of waiters) resolve(code);
}
