/**
 * The keys two reference records are compared on (issue 49, likely duplicates): OpenRefine's
 * fingerprint of a name, its character bigrams, a website's domain and a social account's handle,
 * each read from whatever form the provider sent ("https://www.Example.org/en/", "example.org";
 * "@Example", "https://x.com/example").
 */

/** Letters and digits of any script, lower case, accents dropped. */
const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/**
 * OpenRefine's fingerprint: the name's words, folded, without punctuation, each once, sorted.
 * "Bitcoin Cash" and "cash, bitcoin" share one; "Bitcoin" and "Bitcoin Cash" do not.
 */
export function fingerprint(name: string | undefined): string {
  if (!name) return '';
  const words = fold(name)
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
  return [...new Set(words)].sort().join(' ');
}

/** The name's letters and digits alone: "Shiba-Inu" and "shiba inu" read the same. */
export function squashed(name: string | undefined): string {
  return name ? fold(name).replace(/[^\p{L}\p{N}]+/gu, '') : '';
}

/** The name's character bigrams (of its squashed form), each once. */
export function bigrams(name: string | undefined): Set<string> {
  return bigramsOfSquashed(squashed(name));
}

/** The bigrams of a name already squashed (the index reads each name once). */
export function bigramsOfSquashed(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 1 < text.length; i += 1) grams.add(text.slice(i, i + 2));
  if (text.length === 1) grams.add(text);
  return grams;
}

/** Dice's coefficient of two bigram sets: 1 for the same letters in the same order, 0 for none. */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

/** Hosts that many projects share: the same one is no evidence that two records are one. */
const SHARED_HOSTS = new Set([
  'github.com',
  'medium.com',
  'linktr.ee',
  't.me',
  'twitter.com',
  'x.com',
  'discord.gg',
  'discord.com',
  'gitbook.io',
  'notion.site',
  'substack.com',
  'coinmarketcap.com',
  'coingecko.com',
  'etherscan.io',
  'bscscan.com',
]);

/**
 * A website's domain, without scheme, "www.", port, path or case: null for what is not an
 * address, and for the hosts many projects share (a GitHub page, a Medium blog).
 */
export function domainOf(url: string | undefined): string | null {
  if (!url) return null;
  const text = url.trim().toLowerCase();
  if (text === '' || text === '-') return null;
  const host = text
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/)[0]!
    .replace(/:\d+$/, '')
    .replace(/^www\d*\./, '')
    .replace(/\.$/, '');
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return null;
  return SHARED_HOSTS.has(host) ? null : host;
}

/**
 * A social account's handle from a URL or a bare name ("https://twitter.com/Foo/", "@foo", "foo"),
 * folded; null when there is none. A community link (t.me/joinchat/…, discord.gg/…) reads as its
 * last path part, which names that community.
 */
export function handleOf(value: string | undefined): string | null {
  if (!value) return null;
  let text = value.trim().toLowerCase();
  if (text === '' || text === '-') return null;
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[?#].*$/, '');
  const parts = text.split('/').filter((p) => p !== '');
  const last = parts.length > 1 ? parts[parts.length - 1]! : parts[0]!;
  const handle = last.replace(/^@/, '');
  return /^[\p{L}\p{N}_.-]+$/u.test(handle) ? handle : null;
}
