/** The simulator pages' live view: the list refreshes itself every few seconds while the page is open. */
import { useEffect, useRef, useState } from 'react';

export const LIVE_MS = 3000;

/** A counter that moves every LIVE_MS; `onTick` (a list's refresh) is called with each move. */
export function useLiveTick(onTick?: () => void): number {
  const [tick, setTick] = useState(0);
  const latest = useRef(onTick);
  latest.current = onTick;
  useEffect(() => {
    const id = window.setInterval(() => {
      setTick((n) => n + 1);
      latest.current?.();
    }, LIVE_MS);
    return () => window.clearInterval(id);
  }, []);
  return tick;
}
