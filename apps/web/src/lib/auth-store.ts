/**
 * The sign-in token. Kept in localStorage (spec §4) and mirrored in a store so the router re-renders
 * when it appears or goes (groups are registered only while a token is held).
 */
import { create } from 'zustand';
import { TOKEN_KEY } from './storage-keys.ts';

interface AuthState {
  token: string | null;
  setToken: (token: string | null) => void;
}

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export const useAuthStore = create<AuthState>((set) => ({
  token: readToken(),
  setToken: (token) => {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
    set({ token });
  },
}));

export const getToken = (): string | null => useAuthStore.getState().token;
