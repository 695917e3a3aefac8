import { inspect, types, type InspectOptions } from 'node:util';
import { isBytes, printBytes } from './bytes';
import { constructorName, namedError, namedObject } from './namedCopies';
import { Printed } from './printed';
import { REDACTED, redactText } from './redactText';
import { isSecretHeaderName, isSecretName } from './secretNames';

/**
 * The structured half of the log redaction (RELIABILITY.md, "Logs hold no secrets"): a copy of a
 * logged value that util.inspect prints as it would the original, with every secret replaced
 * before anything is formatted. Values under a secret key (in objects, Maps, fetch Headers, a flat
 * rawHeaders list) become [redacted] whatever they are; every other string goes through the text
 * rules in its raw form, so a header block, a form body or JSON inside a string is seen line by
 * line rather than as inspect escapes it. Errors keep their class, stack and cause; circular
 * references stay circular; objects with toJSON are shown as toJSON gives them. The caller's
 * value is only read, never changed, and its own getters are never called (toJSON is).
 */

/** The options the copy will be printed with: how deep to copy and how many items to keep. */
export type RedactOptions = Pick<InspectOptions, 'depth' | 'maxArrayLength' | 'breakLength'>;

type Bag = Record<PropertyKey, unknown>;

const DEFAULT_DEPTH = 2;
const DEFAULT_MAX_ITEMS = 100;

/** Null, undefined, booleans and '' say whether a secret is there, not what it is: kept. */
function secretValue(value: unknown): unknown {
  return value === null || value === undefined || typeof value === 'boolean' || value === ''
    ? value
    : REDACTED;
}

const keyName = (key: PropertyKey) =>
  typeof key === 'symbol' ? (key.description ?? '') : String(key);

export function redactValue(value: unknown, options: RedactOptions = {}): unknown {
  const maxDepth = options.depth ?? DEFAULT_DEPTH;
  const maxItems = options.maxArrayLength ?? DEFAULT_MAX_ITEMS;
  const copies = new WeakMap<object, unknown>();

  /**
   * A value the copy cannot open (a Proxy, a boxed primitive, an object with its own inspect such
   * as a fetch Request): inspect's rendering of it, redacted as text.
   */
  const rendered = (original: object, level: number) =>
    new Printed(
      redactText(inspect(original, { ...options, depth: Math.max(maxDepth - level, 0) })),
    );

  function walk(original: unknown, level: number): unknown {
    if (typeof original === 'string') return redactText(original);
    if (typeof original === 'function')
      return new Printed(`[Function: ${original.name || '(anonymous)'}]`);
    if (typeof original !== 'object' || original === null) return original;
    if (original instanceof Printed) return original;
    const known = copies.get(original);
    if (known !== undefined) return known;
    if (types.isProxy(original)) return rendered(original, level);
    if (types.isDate(original) || types.isRegExp(original)) return original;
    // Deeper than the log shows: what inspect prints there, [Object], [Array], [AxiosError].
    if (level > maxDepth)
      return new Printed(`[${Array.isArray(original) ? 'Array' : constructorName(original)}]`);
    if (isBytes(original)) return printBytes(original, constructorName(original));
    if (types.isNativeError(original) || original instanceof Error)
      return copyError(original as Error, level);
    if (types.isBoxedPrimitive(original)) return rendered(original, level);
    if (original instanceof Map) return copyMap(original, level);
    if (original instanceof Set) return copySet(original, level);
    if (original instanceof URLSearchParams)
      return new Printed(`URLSearchParams ${inspect(redactText(original.toString()))}`);
    if (typeof Headers === 'function' && original instanceof Headers) return copyHeaders(original);
    const json = asJson(original);
    if (json !== original) return walk(json, level);
    if (typeof (original as Bag)[inspect.custom] === 'function') return rendered(original, level);
    if (Array.isArray(original)) return copyArray(original, level);
    return copyProperties(original, level);
  }

  /** An object's toJSON result (a URL's href, AxiosHeaders' plain headers), or the object. */
  function asJson(original: object): unknown {
    const toJSON = (original as Bag).toJSON;
    if (typeof toJSON !== 'function') return original;
    try {
      return toJSON.call(original, '') as unknown;
    } catch {
      return original;
    }
  }

  function remember<T>(original: object, copy: T): T {
    copies.set(original, copy);
    return copy;
  }

  function copyEntry(target: Bag, source: object, key: PropertyKey, level: number): void {
    const owned = Object.getOwnPropertyDescriptor(source, key);
    if (!owned) return;
    if ('value' in owned) {
      const value: unknown = owned.value;
      const copied = isSecretName(keyName(key)) ? secretValue(value) : walk(value, level + 1);
      // A plain assignment keeps the copy a fast object; __proto__ would set its prototype.
      if (owned.enumerable && key !== '__proto__') target[key] = copied;
      else
        Object.defineProperty(target, key, {
          value: copied,
          enumerable: owned.enumerable,
          writable: true,
          configurable: true,
        });
    } else {
      // An accessor: inspect shows [Getter] or [Setter] and never calls it; neither does the copy.
      Object.defineProperty(target, key, {
        get: owned.get && (() => REDACTED),
        set: owned.set && (() => undefined),
        enumerable: owned.enumerable,
        configurable: true,
      });
    }
  }

  function copyProperties(original: object, level: number): Bag {
    const proto = Object.getPrototypeOf(original) as object | null;
    const copy: Bag =
      proto === null
        ? (Object.create(null) as Bag)
        : proto === Object.prototype
          ? {}
          : namedObject(constructorName(original));
    remember(original, copy);
    for (const key of Reflect.ownKeys(original))
      if (Object.prototype.propertyIsEnumerable.call(original, key))
        copyEntry(copy, original, key, level);
    return copy;
  }

  function copyError(original: Error, level: number): Error {
    const copy = remember(original, namedError(constructorName(original)) as Error & Bag);
    let stack: unknown;
    try {
      stack = original.stack;
    } catch {
      stack = undefined;
    }
    const hidden = (key: string, value: unknown) =>
      Object.defineProperty(copy, key, { value, writable: true, configurable: true });
    const message = redactText(String(original.message));
    hidden('stack', typeof stack === 'string' ? redactText(stack) : `${original.name}: ${message}`);
    hidden('message', message);
    if (!Object.hasOwn(original, 'name')) hidden('name', String(original.name));
    for (const key of Reflect.ownKeys(original)) {
      if (key === 'stack' || key === 'message') continue;
      const enumerable = Object.prototype.propertyIsEnumerable.call(original, key);
      // Hidden but printed by inspect: an error's cause, an AggregateError's errors.
      if (enumerable || key === 'cause' || key === 'errors') copyEntry(copy, original, key, level);
    }
    return copy;
  }

  function copyArray(original: readonly unknown[], level: number): unknown[] {
    const copy = remember(original, [] as unknown[]);
    // inspect shows maxItems items: past that, the last one says how many more there were.
    const shown = original.length > maxItems ? Math.max(maxItems - 1, 0) : original.length;
    for (let index = 0; index < shown; index++) {
      if (!(index in original)) {
        copy.length = index + 1;
        continue;
      }
      const item = original[index];
      const name = index > 0 ? original[index - 1] : undefined;
      // [name, value, name, value]: Node's rawHeaders, whose value follows a secret header's name.
      const pairedSecret =
        typeof item === 'string' &&
        typeof name === 'string' &&
        isSecretHeaderName(name) &&
        !isSecretHeaderName(item);
      copy[index] = pairedSecret ? secretValue(item) : walk(item, level + 1);
    }
    if (original.length > shown)
      copy.push(new Printed(`... ${original.length - shown} more items`));
    else
      for (const key of Object.keys(original))
        if (!/^\d+$/.test(key)) copyEntry(copy as unknown as Bag, original, key, level);
    return copy;
  }

  function copyMap(original: ReadonlyMap<unknown, unknown>, level: number): Map<unknown, unknown> {
    const copy = remember(original, new Map<unknown, unknown>());
    let count = 0;
    for (const [key, value] of original) {
      if (count++ >= maxItems) break;
      const secret = typeof key === 'string' && isSecretName(key);
      copy.set(walk(key, level + 1), secret ? secretValue(value) : walk(value, level + 1));
    }
    return copy;
  }

  function copySet(original: ReadonlySet<unknown>, level: number): Set<unknown> {
    const copy = remember(original, new Set<unknown>());
    let count = 0;
    for (const value of original) {
      if (count++ >= maxItems) break;
      copy.add(walk(value, level + 1));
    }
    return copy;
  }

  function copyHeaders(original: Headers): Bag {
    const copy = remember(original, namedObject('Headers'));
    original.forEach((value, key) => {
      copy[key] = isSecretName(key) ? secretValue(value) : redactText(value);
    });
    return copy;
  }

  return walk(value, 0);
}
