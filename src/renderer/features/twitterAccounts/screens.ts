import { viewScreen, type Area } from '../../domain/screens/screens';

/** SPEC.md 2, Twitter Accounts: the accounts of the chosen type. */
export const twitterAccountsArea: Area = {
  path: '/twitter-accounts',
  label: 'Twitter Accounts',
  screens: [
    viewScreen({
      path: '/twitter-accounts',
      title: 'Twitter Accounts',
      view: () => import('./accountView').then((module) => module.accountView),
    }),
  ],
};
