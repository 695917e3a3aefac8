import { pageScreen, type Area } from '../../domain/screens/screens';

/** The console's own screen: version, updates, settings and help (beyond SPEC.md 2). */
export const aboutArea: Area = {
  path: '/about',
  label: 'About & Settings',
  screens: [
    pageScreen({
      path: '/about',
      title: 'About & Settings',
      page: () => import('./AboutPage'),
    }),
  ],
};
