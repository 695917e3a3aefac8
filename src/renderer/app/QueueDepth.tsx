import { Tooltip } from 'antd';
import { QUEUES, type QueuesGlance } from '../../shared/workbench/queues';
import { depthLabel } from '../domain/queues/queuesGlance';
import { ScreenReaderOnly } from '../ui/ScreenReaderOnly';

/**
 * How many records wait in an area's queues (issue 49), beside its side-menu link: the sum, with
 * each queue's depth in its tooltip and for screen readers. Queues shows every queue's; an area
 * without queues, or before the first glance, shows nothing. A queue that could not be read marks
 * the sum with "!".
 */
export function QueueDepth({
  areaPath,
  glance,
}: {
  areaPath: string;
  glance: QueuesGlance | null;
}) {
  if (!glance) return null;
  const queues = glance.queues.filter(
    (q) => areaPath === '/queues' || QUEUES[q.id].area === areaPath,
  );
  if (queues.length === 0) return null;
  const { total, failed, text } = depthLabel(queues, (q) => QUEUES[q.id].label);
  if (total === 0 && !failed) return null;
  return (
    <Tooltip title={text} placement="right">
      <span className="dqc-nav-depth" data-testid={`depth ${areaPath}`}>
        <span aria-hidden>
          {total.toLocaleString()}
          {failed ? '!' : ''}
        </span>
        <ScreenReaderOnly>{` waiting: ${text}`}</ScreenReaderOnly>
      </span>
    </Tooltip>
  );
}
