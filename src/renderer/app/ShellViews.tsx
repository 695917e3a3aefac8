/**
 * What the console shows before Ant Design is loaded (shell.css): the starting spinner and a
 * screen that could not be drawn. Plain elements, so that neither makes the first screen wait for
 * Ant Design.
 */

/** A spinner that says what is being waited for, to screen readers too. */
export function ShellSpinner({ label }: { label: string }) {
  return (
    <div className="dqc-gate" role="status" aria-label={label}>
      <span className="dqc-spinner" aria-hidden />
    </div>
  );
}

/** Something went wrong before a screen could be drawn: what, and a way to try again. */
export function ShellFailure({
  title,
  detail,
  onReload,
}: {
  title: string;
  detail: string | null;
  onReload: () => void;
}) {
  return (
    <main className="dqc-result" role="alert">
      <h1>{title}</h1>
      {detail && <p>{detail}</p>}
      <button type="button" className="dqc-button dqc-button-primary" onClick={onReload}>
        Reload
      </button>
    </main>
  );
}
