import { viewScreen, type Area } from '../../domain/screens/screens';

/** SPEC.md 2, Keyword: the keyword list, with its 'Add Keyword' tab; /keyword shows it too. */
export const keywordArea: Area = {
  path: '/keyword',
  label: 'Keyword',
  screens: [
    viewScreen({
      path: '/keyword/get-keywords',
      title: 'List Keywords',
      view: () => import('./keywordView').then((module) => module.keywordView),
    }),
  ],
};
