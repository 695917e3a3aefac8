/** Copies of one story arrive within this many days of each other; older items are not compared. */
export const STORY_WINDOW_DAYS = 3;
export const STORY_DAY_MS = 86_400_000;
export const STORY_WINDOW_MS = STORY_WINDOW_DAYS * STORY_DAY_MS;
