/**
 * Mounts the authenticator-code dialog once a request first asks for a code: the dialog (Modal and
 * Form) then loads, instead of weighing on the first download of every operator.
 */
import { lazy, Suspense } from 'react';
import { useCodePrompt } from '../../lib/code-prompt.ts';

const CodeDialog = lazy(() => import('./code-dialog.tsx').then((m) => ({ default: m.CodeDialog })));

export function CodeDialogHost() {
  const wanted = useCodePrompt((s) => s.open || s.waiters.length > 0);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CodeDialog />
    </Suspense>
  );
}
