import { modalDestroyFns as destroyFns } from './antdInternals';

/**
 * Opens one of Ant Design's hook dialogs (`App.useApp().modal`) so that it can be forgotten once
 * closed. Ant Design 6.6 pushes each hook dialog's close function onto a module-wide list, for
 * `Modal.destroyAll`, and never takes it off: every confirm a reviewer ever answered stayed in
 * memory with all it held (its onOk and the screen state that closed over, the dialog's rendered
 * tree). On a long shift, with a Review confirm every ten actions, the page's heap grew by about
 * 2 MB per 1,000 actions for it (docs/performance.md, A long shift: `BENCH_HEAP_SNAPSHOTS`). `open`
 * gets the function to call from the dialog's `afterClose`, which takes its entry off the list.
 */
export function openReleasable<T>(open: (release: () => void) => T): T {
  const before = destroyFns.length;
  let entry: (() => void) | undefined;
  const release = () => {
    const at = entry ? destroyFns.indexOf(entry) : -1;
    if (at >= 0) destroyFns.splice(at, 1);
    entry = undefined;
  };
  const dialog = open(release);
  // The dialog's entry is pushed while it opens, so it is the last one now.
  if (destroyFns.length > before) entry = destroyFns[destroyFns.length - 1];
  return dialog;
}
