import {
  useEffect,
  useId,
  useMemo,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';
import { TooltipPanel } from '../antdInternals';
import './plainTooltip.css';

/** As Tooltip's mouseEnterDelay and mouseLeaveDelay (0.1 s each). */
const SHOW_AFTER_MS = 100;
const HIDE_AFTER_MS = 100;

/**
 * The elements a pointer is pressing: the focus a press brings is not a question about the button,
 * and shows no tip; the keyboard's does.
 */
const pressed = new WeakSet<EventTarget>();

/** Half the panel's widest (plainTooltip.css) and a margin: the panel stays inside the window. */
const HALF_WIDEST_PX = 125 + 8;
const centreWithin = (at: DOMRect) =>
  Math.min(Math.max(at.left + at.width / 2, HALF_WIDEST_PX), window.innerWidth - HALF_WIDEST_PX);

/** What the element a tip is about is given. */
export interface TriggerProps {
  onPointerEnter(event: PointerEvent<HTMLElement>): void;
  onPointerLeave(): void;
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  onPointerUp(event: PointerEvent<HTMLElement>): void;
  onFocus(event: FocusEvent<HTMLElement>): void;
  onBlur(): void;
  'aria-describedby'?: string;
}

/**
 * A tooltip above its child, in Ant Design's own tooltip panel and classes, for the buttons a page
 * draws by the dozen (a review card's Select and Eliminate, issue 51). Ant Design's Tooltip puts a
 * component tree around each (its trigger, portal, motion and style hooks), which was a third of
 * drawing a page of cards; this one gives the element four handlers, and draws its panel, in a
 * portal, only once the pointer rests on it (or the keyboard brings the focus to it). The element
 * is the same whether the tip shows or not, so nothing under the pointer is drawn anew.
 */
export function PlainTooltip({
  title,
  children,
}: {
  title: string;
  /** Draws the element the tip is about, with the handlers and description given. */
  children(trigger: TriggerProps): ReactElement;
}) {
  const id = useId();
  // The element the pointer or the keyboard is on, then, after the delay, where the tip shows.
  const [wanted, setWanted] = useState<HTMLElement | null>(null);
  const [shownAt, setShownAt] = useState<DOMRect | null>(null);
  useEffect(() => {
    const timer = setTimeout(
      () => setShownAt(wanted ? wanted.getBoundingClientRect() : null),
      wanted ? SHOW_AFTER_MS : HIDE_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [wanted]);
  const trigger = useMemo<TriggerProps>(
    () => ({
      onPointerEnter: (event) => setWanted(event.currentTarget),
      onPointerLeave: () => setWanted(null),
      onPointerDown: (event) => pressed.add(event.currentTarget),
      onPointerUp: (event) => pressed.delete(event.currentTarget),
      onFocus: (event) => {
        if (!pressed.delete(event.currentTarget)) setWanted(event.currentTarget);
      },
      onBlur: () => setWanted(null),
    }),
    [],
  );
  return (
    <>
      {children(shownAt ? { ...trigger, 'aria-describedby': id } : trigger)}
      {shownAt &&
        createPortal(
          <div
            className="dqc-plain-tooltip"
            style={{ left: centreWithin(shownAt), top: shownAt.top }}
          >
            <TooltipPanel id={id} title={title} placement="top" />
          </div>,
          document.body,
        )}
    </>
  );
}
