/**
 * Ending the session. Logout keeps the operator's settings (language, theme) but drops the token
 * and tabs; the session-over codes clear tabs and state as spec §8 asks and reload after 1.5 s.
 */
import { getToken, useAuthStore } from './auth-store.ts';
import { SETTINGS_KEY, TABS_KEY } from './storage-keys.ts';

let ending = false;

export function clearSession(): void {
  useAuthStore.getState().setToken(null);
  localStorage.removeItem(TABS_KEY);
}

/** Full reload on the way out: kept-alive pages, query caches and timers all go with the old session. */
export function goToLogin(): void {
  if (ending) return;
  ending = true;
  clearSession();
  window.location.assign('/login');
}

/**
 * Tells the server, then leaves whatever it answers. A plain fetch, not api(): the session may
 * already be over, and its error code must not turn a logout into a state wipe.
 */
export async function logout(): Promise<void> {
  const token = getToken();
  try {
    await fetch('/api/logout', {
      method: 'POST',
      headers: token ? { access_token: token } : {},
      credentials: 'same-origin',
    });
  } catch {
    // Offline: the local session still ends.
  }
  goToLogin();
}

export function sessionOver(): void {
  if (ending) return;
  ending = true;
  clearSession();
  localStorage.removeItem(SETTINGS_KEY);
  setTimeout(() => window.location.reload(), 1500);
}
