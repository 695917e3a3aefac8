import { Alert, Button, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import type { ScreenProps } from '../../domain/screens/screens';
import { periodFigures } from '../../domain/shift/shiftFigures';
import { useShiftJournal } from '../../domain/shift/shiftJournal';
import { BreakSetting } from './BreakSetting';
import { LeftInView } from './LeftInView';
import { ShiftAudit } from './ShiftAudit';
import { ShiftChartSection } from './ShiftChartSection';
import { ShiftFiguresTable } from './ShiftFiguresTable';
import { ShiftStart } from './ShiftStart';

const heading = { marginTop: 0, marginBottom: 0 } as const;

/**
 * /shift: this shift's and today's decisions by kind, the pace, a chart of items per 15 minutes,
 * what is left in the current Review view, Start shift and the break reminder. From the user's
 * journal (domain/shift/shiftJournal.ts), following each new write.
 */
export default function ShiftPage({ title }: ScreenProps) {
  const { journal, now, shiftStart, startedByUser, todayStart, retry } = useShiftJournal();
  const ready = journal.status === 'ready';
  const shift = useMemo(() => periodFigures(journal.entries, shiftStart), [journal, shiftStart]);
  const today = useMemo(() => periodFigures(journal.entries, todayStart), [journal, todayStart]);
  // The count of what is left changes with each write: read it again after each one.
  const lastSeq = journal.entries.at(-1)?.seq ?? 0;

  return (
    <Flex vertical gap={20}>
      <Typography.Title level={1} style={heading}>
        {title}
      </Typography.Title>
      <ShiftStart shiftStart={shiftStart} startedByUser={startedByUser} />
      {journal.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={`The journal could not be read: ${journal.message ?? 'unknown error'}`}
          action={
            <Button size="small" onClick={retry}>
              Retry
            </Button>
          }
        />
      )}
      <section aria-labelledby="shift-decisions">
        <Typography.Title level={2} id="shift-decisions" style={{ marginTop: 0 }}>
          Decisions
        </Typography.Title>
        <ShiftFiguresTable shift={shift} today={today} loading={!ready} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Pace: decisions per hour of active time. Active time adds up the gaps between consecutive
          writes of two minutes or less; a longer gap is a pause and is left out.
        </Typography.Paragraph>
      </section>
      <section aria-labelledby="shift-chart">
        <Typography.Title level={2} id="shift-chart" style={{ marginTop: 0 }}>
          Items per 15 minutes
        </Typography.Title>
        {ready && (
          <ShiftChartSection
            entries={journal.entries}
            shiftStart={shiftStart}
            todayStart={todayStart}
            now={now}
          />
        )}
      </section>
      <section aria-labelledby="shift-left">
        <Typography.Title level={2} id="shift-left" style={{ marginTop: 0 }}>
          Left to review
        </Typography.Title>
        <LeftInView refreshKey={lastSeq} />
        <ShiftAudit refreshKey={lastSeq} />
      </section>
      <section aria-labelledby="shift-break">
        <Typography.Title level={2} id="shift-break" style={{ marginTop: 0 }}>
          Break reminder
        </Typography.Title>
        <BreakSetting />
      </section>
    </Flex>
  );
}
