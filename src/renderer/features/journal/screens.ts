import { pageScreen, type Area } from '../../domain/screens/screens';

/** The journal of the user's writes, kept by core on this machine (beyond SPEC.md 2). */
export const journalArea: Area = {
  path: '/journal',
  label: 'Journal',
  screens: [
    pageScreen({
      path: '/journal',
      title: 'Journal',
      page: () => import('./JournalPage'),
    }),
  ],
};
