import { Alert, Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { outboxAtom } from './outboxState';
import { OUTBOX_TEXTS } from '../../../shared/outbox';

/** Whether a failure is the provider not answering: none, or a gateway's 502/503/504. */
const noAnswer = (httpStatus: number) =>
  httpStatus === 0 || (httpStatus >= 502 && httpStatus <= 504);

/**
 * Above a list whose reload failed (issue 50): the page loaded before stays usable, and this says
 * why it may be out of date, with Try Again.
 */
export function StaleListNotice({
  stale,
  onRetry,
}: {
  stale: { httpStatus: number; message: string };
  onRetry(): void;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      title={
        noAnswer(stale.httpStatus)
          ? OUTBOX_TEXTS.pageOffline
          : `${OUTBOX_TEXTS.pageStale} ${stale.message}`
      }
      action={
        <Button size="small" onClick={onRetry}>
          Try Again
        </Button>
      }
    />
  );
}

/**
 * Reads a stale list again once the provider answers again (the connection back from unreachable),
 * so that its notice does not outlive the outage.
 */
export function useReloadWhenBack(stale: boolean, reload: () => void): void {
  const connection = useAtomValue(outboxAtom)?.connection ?? null;
  const was = useRef(connection);
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    const before = was.current;
    was.current = connection;
    if (stale && before === 'unreachable' && connection !== 'unreachable' && connection !== null)
      latest.current();
  }, [connection, stale]);
}
