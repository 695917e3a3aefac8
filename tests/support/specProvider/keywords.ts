/** Keyword lists of SPEC.md 7, one per service (tweets, news). */
import { idText, jsonObject, optStr, str } from './body';
import type { Ctx, Handler } from './context';
import { isKeywordType } from './demoData';
import { fail, json } from './http';
import type { Keyword, ReviewService } from './types';

function keywordType(value: string) {
  if (!isKeywordType(value)) return fail(400, `Unknown keyword type: ${value}`);
  return value;
}

/**
 * Adds a keyword to a service's list, or adds the unwanted usages to the keyword already there
 * (same text, any case). Returns the keyword of the list.
 */
export function upsertKeyword(
  ctx: Ctx,
  service: ReviewService,
  text: string,
  type: string,
  unwantedUsages: string[],
): Keyword {
  const list = ctx.state.keywords[service];
  const known = list.find((entry) => entry.keyword.toLowerCase() === text.toLowerCase());
  if (known) {
    const usages = known.unwantedUsages ?? [];
    known.unwantedUsages = [...usages, ...unwantedUsages.filter((u) => !usages.includes(u))];
    return known;
  }
  const added: Keyword = {
    id: ctx.state.nextId++,
    keyword: text,
    type: keywordType(type),
    unwantedUsages,
  };
  list.push(added);
  return added;
}

function findKeyword(ctx: Ctx, service: ReviewService, id: string): Keyword {
  const keyword = ctx.state.keywords[service].find((entry) => String(entry.id) === id);
  return keyword ?? fail(404, `Keyword ${id} not found`);
}

export function keywordHandlers(service: ReviewService) {
  const getKeywords: Handler = (ctx) => json(ctx.state.keywords[service]);

  const getKeywordsIncludes: Handler = (ctx) => {
    const text = (ctx.params.text ?? '').toLowerCase();
    return json(ctx.state.keywords[service].filter((k) => k.keyword.toLowerCase().includes(text)));
  };

  const addKeyword: Handler = (ctx) => {
    const body = jsonObject(ctx);
    const text = str(body, 'keyword').trim();
    const type = keywordType(str(body, 'type'));
    const list = ctx.state.keywords[service];
    if (list.some((entry) => entry.keyword.toLowerCase() === text.toLowerCase())) {
      fail(400, 'Keyword already exists');
    }
    list.push({ id: ctx.state.nextId++, keyword: text, type, unwantedUsages: [] });
  };

  const updateKeyword: Handler = (ctx) => {
    const body = jsonObject(ctx);
    const keyword = findKeyword(ctx, service, idText(body, 'id'));
    keyword.keyword = str(body, 'keyword').trim();
    keyword.type = keywordType(str(body, 'type'));
  };

  const deleteKeyword: Handler = (ctx) => {
    const keyword = findKeyword(ctx, service, ctx.params.id ?? '');
    const list = ctx.state.keywords[service];
    list.splice(list.indexOf(keyword), 1);
  };

  const deleteUnwantedUsage: Handler = (ctx) => {
    const body = jsonObject(ctx);
    const keyword = findKeyword(ctx, service, idText(body, 'id'));
    const usage = optStr(body, 'unwantedUsage') ?? fail(400, 'unwantedUsage is required');
    const usages = keyword.unwantedUsages ?? [];
    if (!usages.includes(usage)) fail(404, `Unwanted usage not found: ${usage}`);
    keyword.unwantedUsages = usages.filter((entry) => entry !== usage);
  };

  return {
    getKeywords,
    getKeywordsIncludes,
    addKeyword,
    updateKeyword,
    deleteKeyword,
    deleteUnwantedUsage,
  };
}
