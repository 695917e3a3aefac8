import {
  CheckCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import { Button } from 'antd';
import { useAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { decisionNoticeAtom, type DecisionNotice } from './decisionNoticeAtom';
import './decisionNotice.css';

/** Each tone has its own icon as well as its colour (WCAG 1.4.1: not colour alone). */
const TONE_ICON: Record<DecisionNotice['tone'], ReactElement> = {
  success: <CheckCircleFilled aria-hidden className="dqc-decision-notice-icon" />,
  warning: <ExclamationCircleFilled aria-hidden className="dqc-decision-notice-icon" />,
  info: <InfoCircleFilled aria-hidden className="dqc-decision-notice-icon" />,
};

/**
 * The notice a review decision leaves (what was saved, and Undo while it is offered), one at a
 * time, at the bottom left: over the side menu's lower end and the left of the last cards, clear of
 * the cards' status and buttons at their right and of the pager. Ant Design's notification was used
 * before: it re-rendered every open notice on every animation frame to count its time down, and a
 * reviewer deciding every second or two had a dozen open (docs/performance.md, A long shift). Here
 * one timer per notice closes it, held while the pointer is over it or focus is in it (each on its
 * own), so that Undo is never taken away from under the hand.
 *
 * The region is always there (role status, read politely), so that a screen reader hears each new
 * notice. It is drawn inside the Review screen, whose Ant Design root gives it the theme's CSS
 * variables. A screen's leaving takes its notice with it, and one that came while no screen showed
 * it (a late answer) is not shown on coming back.
 */
export function DecisionNoticeHost() {
  const [notice, setNotice] = useAtom(decisionNoticeAtom);
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  const leftMs = useRef(0);
  const held = pointerIn || focusIn;

  // A new notice's buttons are new elements: focus on the old ones went with them, without a blur
  // event, so whether focus is inside is read again.
  useLayoutEffect(() => {
    setFocusIn(region.current?.contains(document.activeElement) ?? false);
  }, [notice]);

  // A new notice starts its full time. A passive effect, as the timer's: React runs the old
  // timer's cleanup (which counts the time spent) before this.
  useEffect(() => {
    leftMs.current = (notice?.seconds ?? 0) * 1000;
  }, [notice]);

  useEffect(() => {
    if (!notice || held) return;
    const started = performance.now();
    const timer = setTimeout(() => setNotice(null), leftMs.current);
    return () => {
      clearTimeout(timer);
      leftMs.current = Math.max(0, leftMs.current - (performance.now() - started));
    };
  }, [notice, held, setNotice]);

  useEffect(() => {
    setNotice(null);
    return () => setNotice(null);
  }, [setNotice]);

  return (
    <div
      ref={region}
      role="status"
      aria-label="Decision notice"
      className="dqc-decision-notice-region"
      onPointerEnter={() => setPointerIn(true)}
      onPointerLeave={() => setPointerIn(false)}
      onFocus={() => setFocusIn(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusIn(false);
      }}
    >
      {notice && (
        <div key={notice.id} className={`dqc-decision-notice dqc-decision-notice-${notice.tone}`}>
          {TONE_ICON[notice.tone]}
          <div className="dqc-decision-notice-body">
            <div className="dqc-decision-notice-text">{notice.text}</div>
            {notice.subject && <div className="dqc-decision-notice-subject">{notice.subject}</div>}
            {notice.note && <div className="dqc-decision-notice-note">{notice.note}</div>}
          </div>
          {notice.action && (
            <Button
              size="small"
              type="primary"
              onClick={() => {
                setNotice(null);
                notice.action?.run();
              }}
            >
              {notice.action.label}
            </Button>
          )}
          <Button
            size="small"
            type="text"
            aria-label="Close"
            icon={<CloseOutlined />}
            onClick={() => setNotice(null)}
          />
        </div>
      )}
    </div>
  );
}
