import { Alert, Button } from 'antd';
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
