/**
 * Migration 18: the items nobody has decided yet, in detect-time order, on an index of their own.
 * "Not manually changed, newest first" is a reviewer's everyday filter and the team's work queue
 * (its walk locks each row it hands out, so it reads the rows, not only an index). A shift decides
 * the newest items first: after one, every walk of that filter stepped over the tens of thousands
 * decided at its head (measured at 10M tweets after the team benchmark's shifts: 16,671 decided
 * rows read and thrown away for a page of 20, 12 ms of the queue page's 14). On this index the
 * walk reads only undecided rows; a decision takes its item off it.
 */
export const undecidedItems: readonly string[] = [
  'CREATE INDEX tweets_undecided_time ON tweets (detect_time, id) WHERE NOT manually_changed',
  'CREATE INDEX news_undecided_time ON news (detect_time, id) WHERE NOT manually_changed',
];
