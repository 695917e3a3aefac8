import { pageScreen, type Area } from '../../domain/screens/screens';

/**
 * What each run of the classifier (Review's Model button) changed (DESIGN.md, Extensions), from our
 * server's model-runs extension: the side menu lists it only when the server offers that extension.
 */
export const modelRunsArea: Area = {
  path: '/model-runs',
  label: 'Model runs',
  requires: 'model-runs',
  screens: [
    pageScreen({
      path: '/model-runs',
      title: 'Model runs',
      page: () => import('./ModelRunsPage'),
    }),
  ],
};
