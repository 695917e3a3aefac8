import { viewScreen, type Area } from '../../domain/screens/screens';

/** SPEC.md 2, Crypto Tag: the tag list, with its 'Add Crypto Tag' tab; /cryptoTag shows it too. */
export const cryptoTagArea: Area = {
  path: '/cryptoTag',
  label: 'Crypto Tag',
  screens: [
    viewScreen({
      path: '/cryptoTag/listTags',
      title: 'List Crypto Tags',
      view: () => import('./cryptoTagView').then((module) => module.cryptoTagView),
    }),
  ],
};
