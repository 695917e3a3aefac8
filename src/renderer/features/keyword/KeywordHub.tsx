/** /keyword is the keyword hub: the same list, with its 'List Keywords' and 'Add Keyword' tabs. */
export { default } from './ListKeywordsPage';
