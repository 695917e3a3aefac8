import { useEffect, type RefObject } from 'react';

/**
 * Shows the fixed column's shadow while part of the table is hidden to its right, and tells an
 * opened row how wide the view is. Read when the view or the table changes size and on scroll,
 * never while React draws: a read there would force the browser to lay the table out early.
 */
export function useSidewaysShadow(
  region: RefObject<HTMLDivElement | null>,
  table: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    const view = region.current;
    const root = table.current;
    if (!view || !root) return;
    const update = () => {
      const hidden = view.scrollLeft < view.scrollWidth - view.clientWidth - 1;
      // An attribute React does not set, so a render never wipes it (listTable.css reads it).
      root.toggleAttribute('data-more-right', hidden);
      root.style.setProperty('--dqc-list-view-width', `${view.clientWidth}px`);
    };
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    sizes?.observe(view);
    const inner = view.querySelector('table');
    if (inner) sizes?.observe(inner);
    view.addEventListener('scroll', update, { passive: true });
    return () => {
      sizes?.disconnect();
      view.removeEventListener('scroll', update);
    };
  }, [region, table]);
}
