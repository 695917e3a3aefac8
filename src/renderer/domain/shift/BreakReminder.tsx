import { App as AntApp } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { prefsAtom } from '../prefs/prefsState';
import { breakText, currentStretch, stretchReached } from './breakStretch';
import { useShiftJournal } from './shiftJournal';

/**
 * The optional break reminder (prefs.breakReminderMinutes; null, the default, is off): once a
 * stretch of continuous work (breakStretch.ts) reaches the minutes set, one notification, once
 * per stretch. In the shell, following the shared journal copy, so it works on every screen. A
 * stretch that had already reached the minutes when the journal was first read (a reload) was
 * reminded before, or happened while the console was closed: it is not reminded again.
 */
export function BreakReminder() {
  const { notification } = AntApp.useApp();
  const minutes = useAtomValue(prefsAtom).breakReminderMinutes;
  const { journal } = useShiftJournal();
  /** The stretch last reminded (its first seq); undefined until the journal was first read. */
  const reminded = useRef<number | null | undefined>(undefined);

  useEffect(() => {
    if (journal.status !== 'ready') return;
    const stretch = currentStretch(journal.entries);
    const due =
      minutes !== null && stretch !== null && stretchReached(stretch, minutes)
        ? { seq: stretch.startSeq, minutes }
        : null;
    if (reminded.current === undefined) {
      reminded.current = due?.seq ?? null;
      return;
    }
    if (due === null || reminded.current === due.seq) return;
    reminded.current = due.seq;
    // It stays until closed: a break reminder that vanished while the user looked away was none.
    notification.info({ title: breakText(due.minutes), duration: 0 });
  }, [journal, minutes, notification]);

  return null;
}
