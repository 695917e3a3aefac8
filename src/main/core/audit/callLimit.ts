/**
 * At most `concurrency` calls in flight at once, the others waiting their turn in order: a draw
 * asks for many pages, and the provider is asked no harder than a bulk run asks it (the
 * runConcurrency setting).
 */
export function callLimit(concurrency: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(call: () => Promise<T>): Promise<T> => {
    // A finished call hands its place straight to the next in line, so none slips in between.
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await call();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
