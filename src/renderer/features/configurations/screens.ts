import { viewScreen, type Area } from '../../domain/screens/screens';

/** SPEC.md 2, Configurations: the list, with its 'Add Configuration' tab; /configurations shows it too. */
export const configurationsArea: Area = {
  path: '/configurations',
  label: 'Configurations',
  screens: [
    viewScreen({
      path: '/configurations/list',
      title: 'List Configurations',
      view: () => import('./configurationView').then((module) => module.configurationView),
    }),
  ],
};
