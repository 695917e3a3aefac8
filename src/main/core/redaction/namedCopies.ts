/**
 * Empty classes named after the originals, so a redacted copy prints under the same name as the
 * value it stands for (`AxiosError: …`, `ClientRequest { … }`) without carrying any of its
 * prototype's getters, custom inspect or methods.
 */

type Constructor<T> = new () => T;

const MAX_CACHED = 500;
const plainClasses = new Map<string, Constructor<object>>();
const errorClasses = new Map<string, Constructor<Error>>();

function cached<T>(cache: Map<string, Constructor<T>>, name: string, make: () => Constructor<T>) {
  let made = cache.get(name);
  if (!made) {
    made = make();
    if (cache.size < MAX_CACHED) cache.set(name, made);
  }
  return made;
}

/** An empty object whose class is called `name`. */
export function namedObject(name: string): Record<PropertyKey, unknown> {
  const Named = cached(plainClasses, name, () => ({ [name]: class {} })[name]!);
  return new Named() as Record<PropertyKey, unknown>;
}

/**
 * An object util.inspect prints as an Error (its stack, then its properties) whose class is called
 * `name`. Not constructed: constructing would capture a stack trace nobody reads.
 */
export function namedError(name: string): Error {
  const Named = cached(errorClasses, name, () => ({ [name]: class extends Error {} })[name]!);
  return Object.create(Named.prototype) as Error;
}

/** The name util.inspect would print for a value: its constructor's, or Object. */
export function constructorName(value: object): string {
  let proto = Object.getPrototypeOf(value) as object | null;
  while (proto) {
    const ctor: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
    if (typeof ctor === 'function' && ctor.name) return ctor.name;
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return 'Object';
}
