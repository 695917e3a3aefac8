import { z } from 'zod';
import { countSchema } from '../responses/common';
import { countAnswer, listAnswer } from './answers';
import { call } from './call';

/**
 * A list's filter and count under `base`, as SPEC.md 7 declares them for the review services
 * (POST {base}/filter answers a page of items, POST {base}/count their number): the same pair the
 * extensions offer beside them with a body of their own (the insight filter, Stories on).
 */
export function filterAndCount<Item, Sent extends z.ZodType, Body extends z.ZodType>(
  base: string,
  body: Body,
  item: { read(value: unknown): Item | null },
  itemSchema: Sent,
) {
  return {
    filter: call({
      method: 'POST',
      path: `${base}/filter`,
      body,
      answer: listAnswer(item),
      describe: 'list of items',
      response: z.array(itemSchema),
    }),
    count: call({
      method: 'POST',
      path: `${base}/count`,
      body,
      answer: countAnswer,
      describe: 'count',
      response: countSchema,
    }),
  };
}
