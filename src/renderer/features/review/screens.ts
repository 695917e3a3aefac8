import { pageScreen, type Area } from '../../domain/screens/screens';

/** SPEC.md 2, Review: the classifier's decisions on tweets and news. */
export const reviewArea: Area = {
  path: '/filter',
  label: 'Review',
  screens: [pageScreen({ path: '/filter', title: 'Review', page: () => import('./ReviewPage') })],
};
