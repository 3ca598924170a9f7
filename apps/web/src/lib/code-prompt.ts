/**
 * The authenticator-code dialog as a promise: `promptCode()` opens it and resolves with the code,
 * or null when the operator cancels. Requests that hit 17017 at the same time all wait for the one
 * code. Opening while open closes and reopens the dialog (spec §4), which resets its form.
 */
import { create } from 'zustand';

interface CodePromptState {
  open: boolean;
  /** Bumped on every (re)open so the dialog remounts with an empty field. */
  generation: number;
  waiters: ((code: string | null) => void)[];
}

export const useCodePrompt = create<CodePromptState>(() => ({ open: false, generation: 0, waiters: [] }));

export function promptCode(): Promise<string | null> {
  return new Promise((resolve) => {
    const state = useCodePrompt.getState();
    useCodePrompt.setState({ open: false, waiters: [...state.waiters, resolve] });
    // Reopen on the next frame so the close is rendered first (the spec's close-and-reopen).
    setTimeout(() => useCodePrompt.setState((s) => ({ open: true, generation: s.generation + 1 })), 0);
  });
}

export function settleCodePrompt(code: string | null): void {
  const { waiters } = useCodePrompt.getState();
  useCodePrompt.setState({ open: false, waiters: [] });
  for (const resolve of waiters) resolve(code);
}
