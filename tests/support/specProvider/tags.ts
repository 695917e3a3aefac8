/** Crypto tag and ecosystem tag calls of SPEC.md 7. */
import { flag, jsonObject, str, strList } from './body';
import type { Ctx, Handler } from './context';
import { fail, json } from './http';
import { containsText, findOr404, union, without } from './listTools';
import type { CryptoTag } from './types';

const cryptoTagOf = (ctx: Ctx, uniqueName: string): CryptoTag =>
  findOr404(ctx.state.cryptoTags, (t) => t.uniqueName === uniqueName, `Crypto tag ${uniqueName}`);

export const getCryptoTagsIncludes: Handler = (ctx) => {
  const needle = ctx.params.text ?? '';
  return json(ctx.state.cryptoTags.filter((t) => containsText(needle, t.name, t.uniqueName)));
};

/** usages, search and displayOnApps may come as free text ('a, b'; 'true'). */
export const addCryptoTag: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const uniqueName = str(body, 'uniqueName');
  if (ctx.state.cryptoTags.some((t) => t.uniqueName === uniqueName)) {
    fail(400, `Crypto tag already exists: ${uniqueName}`);
  }
  ctx.state.cryptoTags.push({
    name: str(body, 'name'),
    uniqueName,
    usages: strList(body, 'usages'),
    search: flag(body, 'search'),
    displayOnApps: flag(body, 'displayOnApps'),
  });
};

export const deleteUsageOfCryptoTag: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const tag = cryptoTagOf(ctx, str(body, 'uniqueName'));
  tag.usages = without(tag.usages, str(body, 'usage'), 'Usage');
};

export const updateCryptoTag: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const tag = cryptoTagOf(ctx, str(body, 'uniqueName'));
  tag.name = str(body, 'name');
  tag.search = flag(body, 'search');
  tag.displayOnApps = flag(body, 'displayOnApps');
  tag.usages = union(tag.usages, strList(body, 'usages'));
};

export const getEcosystemTagsIncludes: Handler = (ctx) => {
  const needle = ctx.params.text ?? '';
  return json(ctx.state.ecosystemTags.filter((t) => containsText(needle, t.name, t.uniqueName)));
};

export const updateEcosystemTag: Handler = (ctx) => {
  const body = jsonObject(ctx);
  const uniqueName = str(body, 'uniqueName');
  const tag = findOr404(
    ctx.state.ecosystemTags,
    (t) => t.uniqueName === uniqueName,
    `Ecosystem tag ${uniqueName}`,
  );
  tag.name = str(body, 'name');
};
