/**
 * Reloading one page in place (tab menu "reload", header refresh): its kept-alive copy is dropped and
 * it remounts under a new key, which also replays the 260 ms entry animation (spec §9).
 */
import { create } from 'zustand';

export const RELOAD_ANIMATION_MS = 260;

interface PageReloadState {
  counts: Record<string, number>;
  reload: (path: string) => void;
}

export const usePageReload = create<PageReloadState>((set) => ({
  counts: {},
  reload: (path) => set((s) => ({ counts: { ...s.counts, [path]: (s.counts[path] ?? 0) + 1 } })),
}));
