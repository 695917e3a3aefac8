import { viewScreen, type Area } from '../../domain/screens/screens';

/** SPEC.md 2, Ecosystem Tag: the ecosystem tag list. */
export const ecosystemTagArea: Area = {
  path: '/ecosystemTag',
  label: 'Ecosystem Tag',
  screens: [
    viewScreen({
      path: '/ecosystemTag',
      title: 'Ecosystem Tag',
      view: () => import('./ecosystemTagView').then((module) => module.ecosystemTagView),
    }),
  ],
};
