import { useEffect, useState } from 'react';

/** The page is shown and its window has the focus: a person may be looking at it. */
const inUseNow = () => document.visibilityState === 'visible' && document.hasFocus();

/**
 * Whether the window is in use (visible and focused), kept up to date: work that costs someone
 * else something (asking a server again and again) waits while nobody looks.
 */
export function useWindowInUse(): boolean {
  const [inUse, setInUse] = useState(inUseNow);
  useEffect(() => {
    const update = () => setInUse(inUseNow());
    document.addEventListener('visibilitychange', update);
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    update();
    return () => {
      document.removeEventListener('visibilitychange', update);
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
    };
  }, []);
  return inUse;
}
