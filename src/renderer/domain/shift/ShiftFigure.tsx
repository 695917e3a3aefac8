import { Link } from 'react-router-dom';
import { periodFigures, shiftFigureText } from './shiftFigures';
import { useShiftJournal } from './shiftJournal';

/** Readable on the bar's navy in both themes (the bar keeps its colour in each). */
const ON_NAVY = 'rgba(255, 255, 255, 0.9)';

/**
 * The top bar's figure of this shift: 'Shift 124 · 310/h', a link to the Shift page. Cheap: the
 * shared journal copy (read once, then followed) and plain arithmetic; the chart and its library
 * stay in the Shift page's chunk. Nothing shows until the journal was read.
 */
export function ShiftFigure() {
  const { journal, shiftStart } = useShiftJournal();
  if (journal.status !== 'ready') return null;
  const { text, label } = shiftFigureText(periodFigures(journal.entries, shiftStart));
  return (
    <Link
      to="/shift"
      className="dqc-shift-figure"
      aria-label={label}
      title={label}
      style={{ color: ON_NAVY, whiteSpace: 'nowrap' }}
    >
      {text}
    </Link>
  );
}
