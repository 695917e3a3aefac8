/**
 * What the login screen asks for once the user starts typing: the signed-in screens' code (Ant
 * Design's frame and Review), so that the sign-in goes straight to Review. The app registers how
 * (app/AppRoutes.tsx); a feature only says when, since features never import the app.
 */
let warmup: (() => void) | null = null;
let done = false;

export function registerSignedInWarmup(load: () => void): void {
  warmup = load;
  done = false;
}

/** Starts the download once; later calls do nothing. */
export function warmUpSignedIn(): void {
  if (done || !warmup) return;
  done = true;
  warmup();
}
