/** The login screen's route: an empty hash or `#/`. */
export const opensOnLogin = (hash: string) => hash === '' || hash === '#' || hash === '#/';

/** The login screen's module, so that the login route is drawn without waiting for its chunk. */
export const importLoginPage = () => import('../features/login/LoginPage');

/** Starts the login screen's download when the console opens on it; a failure is left to the route. */
export function preloadLoginChunk(hash: string): void {
  if (opensOnLogin(hash)) void importLoginPage().catch(() => undefined);
}
