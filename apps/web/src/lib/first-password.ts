/**
 * Whether the server wants a password change before anything else (an administrator chose the
 * password): set from the session's own information or from any answer with that code; the shell
 * then shows the password dialog, which cannot be closed.
 */
import { create } from 'zustand';

export const useFirstPassword = create<{ required: boolean }>(() => ({ required: false }));

export function requirePasswordChange(): void {
  if (!useFirstPassword.getState().required) useFirstPassword.setState({ required: true });
}
