import secureJson from 'secure-json-parse';

/**
 * Reads JSON that came from a file (prefs.json, an imported views file). A "__proto__" or
 * "constructor.prototype" key is refused (secure-json-parse): copied into the prefs' objects, it
 * would change the prototype of every object that shares it.
 */
export function readJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : '';
    return { ok: false, problem: `it is not valid JSON${detail}` };
  }
  try {
    if (typeof value === 'object' && value !== null)
      secureJson.scan(value, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return { ok: false, problem: 'it holds a "__proto__" or "constructor.prototype" key' };
  }
  return { ok: true, value };
}
