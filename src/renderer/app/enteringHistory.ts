import { UNSAFE_createHashHistory as createHashHistory, type Location } from 'react-router-dom';

type HashHistory = ReturnType<typeof createHashHistory>;
type Listener = Parameters<HashHistory['listen']>[0];
type Update = Parameters<Listener>[0];

/**
 * What the app does as the URL changes, before the router draws the new location: it may start
 * work that should not wait for the drawing (a list's opening call, listOpening.ts), and return a
 * promise for when the drawing may start; null to draw at once.
 */
export type EnterLocation = (at: Location) => Promise<void> | null;

/**
 * Hash routing, as React Router's HashRouter does it, with one difference: each change of the URL
 * is first given to `enter`, and the router hears of it when `enter` says the drawing may start.
 * Changes are heard in order and only the newest counts: a change made while an older one waits
 * supersedes it (the router draws where the URL is, never where it was).
 */
export function enteringHashHistory(enter: EnterLocation): HashHistory {
  const history = createHashHistory({ v5Compat: true });
  let latest = 0;
  const listen = (listener: Listener) => {
    let listening = true;
    const stop = history.listen((update: Update) => {
      const change = ++latest;
      // A router that stopped listening (it was unmounted) hears nothing more, waited for or not.
      const tell = () => {
        if (listening && change === latest) listener(update);
      };
      const waiting = enter(update.location);
      if (waiting) void waiting.then(tell, tell);
      else tell();
    });
    return () => {
      listening = false;
      stop();
    };
  };
  // The history's action and location are getters: read through, never copied.
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    // While a change waits, the router still draws the location before it and takes a link to the
    // new one for a new place: a second click would add a second entry, and Back would need two.
    push: (to, state?: unknown) =>
      history.createHref(to) === history.createHref(history.location)
        ? history.replace(to, state)
        : history.push(to, state),
    replace: (to, state?: unknown) => history.replace(to, state),
    go: (delta) => history.go(delta),
    listen,
  };
}
