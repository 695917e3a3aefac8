/**
 * Where a signed-out user was going (SPEC.md 2): the route guard sends them to / with it, and the
 * login screen returns them there after signing in.
 */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}
