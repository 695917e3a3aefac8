import { pageScreen, type Area } from '../../domain/screens/screens';

/** The reviewer's shift: decisions, pace and a chart, from the user's journal (issue 23). */
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
