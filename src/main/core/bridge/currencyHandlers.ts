import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import {
  CONFIGURATION_SERVICE as P,
  currencySchema,
  newCurrencySchema,
  newVersionCurrencySchema,
} from '../../../shared/currency';
import type { BridgeHandlers } from './dispatcher';
import { serverAnswer } from './serverAnswer';

type CurrencyChannels =
  | 'currencies.list'
  | 'currencies.update'
  | 'currencies.deleteTag'
  | 'currencies.deleteUnwantedUsage'
  | 'currencies.checkImage'
  | 'newCurrencies.list'
  | 'newCurrencies.count'
  | 'newCurrencies.save'
  | 'newVersions.list'
  | 'newVersions.saveAsNew'
  | 'newVersions.merge';

const currencyList = z.array(currencySchema);
const count = z.number().int().min(0);

/** The currency screens' calls on the configuration service (SPEC.md 7). */
export function createCurrencyHandlers(api: AxiosInstance): Pick<BridgeHandlers, CurrencyChannels> {
  const currency = async (request: Promise<{ data: unknown }>) =>
    serverAnswer(currencySchema, (await request).data, 'currency');
  const queueQuery = (filter: { contains?: string; currencyId?: number }) => ({
    currencySymbolNameOrUniqueName: (filter.contains ?? '').trim(),
    currencyId: filter.currencyId ?? 0,
  });

  return {
    'currencies.list': async ({ contains }) => {
      const text = (contains ?? '').trim();
      const path = text
        ? `/get-currencies-includes-${encodeURIComponent(text)}`
        : '/get-currencies';
      return serverAnswer(currencyList, (await api.get(`${P}${path}`)).data, 'currency list');
    },
    'currencies.update': (body) => currency(api.post(`${P}/update-currency`, body)),
    'currencies.deleteTag': (body) =>
      currency(api.delete(`${P}/delete-tag-of-currency`, { data: body })),
    'currencies.deleteUnwantedUsage': (body) =>
      currency(api.delete(`${P}/delete-unwanted-usage-of-currency`, { data: body })),
    'currencies.checkImage': async ({ uniqueName }) =>
      serverAnswer(
        z.boolean(),
        (await api.get(`${P}/check-currency-image`, { params: { uniqueName } })).data,
        'image check',
      ),

    'newCurrencies.list': async (filter) =>
      serverAnswer(
        z.array(newCurrencySchema),
        (
          await api.get(`${P}/get-new-currencies`, {
            params: { ...queueQuery(filter), startIndex: filter.page ?? 0 },
          })
        ).data,
        'new currency list',
      ),
    'newCurrencies.count': async (filter) =>
      serverAnswer(
        count,
        (await api.get(`${P}/find-new-currencies-filter-count`, { params: queueQuery(filter) }))
          .data,
        'new currency count',
      ),
    'newCurrencies.save': (body) => currency(api.post(`${P}/save-new-currency`, body)),

    'newVersions.list': async (filter) =>
      serverAnswer(
        z.array(newVersionCurrencySchema),
        (await api.get(`${P}/get-new-version-currencies`, { params: queueQuery(filter) })).data,
        'new version list',
      ),
    'newVersions.saveAsNew': (body) =>
      currency(api.post(`${P}/save-new-version-currency-as-new-currency`, body)),
    'newVersions.merge': (body) =>
      currency(api.post(`${P}/merge-new-version-currency-with-old-currency`, body)),
  };
}
