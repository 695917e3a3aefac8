import { useMediaQuery } from '../ui/mediaQuery';

/**
 * The operating system's "reduce motion" setting (WCAG 2.3.3): people who get dizzy or tired from
 * movement on screen set it once for every app. The console then shows its state changes at once,
 * without Ant Design's slides, fades and click ripples.
 */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for reduced motion, following it as it changes. */
export function useReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}
