import { viewScreen, type Area } from '../../ui/screens';

/** SPEC.md 2, Keyword: /keyword is the hub, showing the same list with its 'Add Keyword' tab. */
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
