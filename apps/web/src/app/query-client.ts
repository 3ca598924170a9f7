/** The one react-query client of the pages. Loaded with the first page, not with the shell. */
import { QueryClient } from '@tanstack/react-query';

// The client already toasts every failure; retrying would toast it again.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
