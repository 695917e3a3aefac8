import dayjs from 'dayjs';

/** Detect times in the reviewer's local time, to the minute. */
export const formatDetectTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '-';
