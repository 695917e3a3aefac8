import { pageScreen, type Area } from '../../domain/screens/screens';

/**
 * The classifier's quality from the user's blind audit sample: its window and progress, the
 * estimates with their intervals, a chart over days, agreement, and the worse-after-a-model-run
 * warning (docs/user-guide.md, Quality). Works against any provider: core keeps the audit.
 */
export const qualityArea: Area = {
  path: '/quality',
  label: 'Quality',
  screens: [
    pageScreen({
      path: '/quality',
      title: 'Quality',
      page: () => import('./QualityPage'),
    }),
  ],
};
