import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { decisionNoticeAtom } from './noticeAtom';
import './decisionNotice.css';

/**
 * The notice a review decision leaves (what was saved, and Undo while it is offered), one at a
 * time, at the bottom left, over the side menu's empty end rather than a card's status, its
 * buttons or a list's actions. Ant Design's notification was used before: it re-rendered every
 * open notice on every animation frame to count its time down, and a reviewer deciding every
 * second or two had a dozen open (issue 25). Here one timer per notice closes it, paused while the
 * pointer is over it or focus is in it, so that Undo is never taken away from under the hand.
 *
 * The region is always there (role status, read politely), so that a screen reader hears each
 * new notice; a screen's leaving takes its notice with it.
 */
export function DecisionNoticeHost() {
  const [notice, setNotice] = useAtom(decisionNoticeAtom);
  const [held, setHeld] = useState(false);
  const leftMs = useRef(0);

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

  useEffect(() => () => setNotice(null), [setNotice]);

  return (
    <div
      role="status"
      aria-label="Decision notice"
      className="dqc-decision-notice-region"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      {notice && (
        <div key={notice.id} className={`dqc-decision-notice dqc-decision-notice-${notice.tone}`}>
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
                setHeld(false);
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
            onClick={() => {
              setNotice(null);
              setHeld(false);
            }}
          />
        </div>
      )}
    </div>
  );
}
