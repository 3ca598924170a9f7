/**
 * The navigation progress bar (nprogress), loaded on its first use rather than with the shell: the
 * first screen renders before any navigation needs a bar, and the first download is on a budget.
 */
type NProgressApi = typeof import('nprogress');

let loaded: Promise<NProgressApi> | undefined;

function nprogress(): Promise<NProgressApi> {
  loaded ??= import('nprogress').then((m) => {
    const api = (m as { default?: NProgressApi }).default ?? m;
    api.configure({ showSpinner: false });
    return api;
  });
  return loaded;
}

export const progress = {
  start: () => void nprogress().then((n) => n.start()),
  done: () => void nprogress().then((n) => n.done()),
};
