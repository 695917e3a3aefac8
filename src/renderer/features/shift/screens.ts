import { pageScreen, type Area } from '../../domain/screens/screens';

/**
 * The reviewer's shift: decisions, pace and a chart, from the user's journal (docs/user-guide.md, A
 * reviewer's shift).
 */
export const shiftArea: Area = {
  path: '/shift',
  label: 'Shift',
  screens: [
    pageScreen({
      path: '/shift',
      title: 'Shift',
      page: () => import('./ShiftPage'),
    }),
  ],
};
