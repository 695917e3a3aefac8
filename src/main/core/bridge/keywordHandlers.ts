import type { AxiosInstance } from 'axios';
import type { Keyword } from '../../../shared/review';
import type { BridgeHandlers } from './dispatcher';
import { badAnswer } from './serverAnswer';
import { SERVICE_PATH } from './servicePaths';

const isKeyword = (value: unknown): value is Keyword =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { keyword?: unknown }).keyword === 'string';

function keywordOrFail(value: unknown): Keyword {
  if (!isKeyword(value)) badAnswer('keyword');
  return value;
}

/** The keyword screen's calls, on the service its filter type names (SPEC.md 7). */
export function createKeywordHandlers(
  api: AxiosInstance,
): Pick<
  BridgeHandlers,
  | 'keywords.list'
  | 'keywords.add'
  | 'keywords.update'
  | 'keywords.delete'
  | 'keywords.deleteUnwantedUsage'
> {
  return {
    'keywords.list': async ({ filterType, contains }) => {
      const text = (contains ?? '').trim();
      const path = text ? `/get-keywords-includes-${encodeURIComponent(text)}` : '/get-keywords';
      const { data } = await api.get<unknown>(`${SERVICE_PATH[filterType]}${path}`);
      if (!Array.isArray(data) || !data.every(isKeyword)) badAnswer('keyword list');
      return data;
    },
    'keywords.add': async ({ filterType, keyword, type }) =>
      keywordOrFail(
        (await api.post<unknown>(`${SERVICE_PATH[filterType]}/add-keyword`, { keyword, type }))
          .data,
      ),
    'keywords.update': async ({ filterType, id, keyword, type }) =>
      keywordOrFail(
        (
          await api.post<unknown>(`${SERVICE_PATH[filterType]}/update-keyword`, {
            id,
            keyword,
            type,
          })
        ).data,
      ),
    'keywords.delete': async ({ filterType, id }) => {
      await api.delete(`${SERVICE_PATH[filterType]}/delete-keyword-${id}`);
      return { deleted: id };
    },
    'keywords.deleteUnwantedUsage': async ({ filterType, id, keyword, unwantedUsage }) =>
      keywordOrFail(
        (
          await api.post<unknown>(`${SERVICE_PATH[filterType]}/delete-unwantedUsage`, {
            id,
            keyword,
            unwantedUsage,
          })
        ).data,
      ),
  };
}
