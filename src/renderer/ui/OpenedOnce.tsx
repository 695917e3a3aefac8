import { Suspense, useState, type ReactNode } from 'react';

/**
 * Draws its children from the first time `open` is true on, and keeps them (so that a drawer's
 * closing still animates): a panel loaded as a chunk of its own is fetched only when first opened,
 * and the shell stays within its JavaScript budget (DESIGN.md, Renderer).
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
