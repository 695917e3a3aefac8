export interface LoginFields {
  username: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginFields, string>>;

/**
 * What the login form requires before it sends anything: a username that is not only spaces, and
 * a password. SPEC.md 4 sets no other bound; core trims, lowercases and encrypts.
 */
export function loginErrors(fields: LoginFields): LoginErrors {
  const errors: LoginErrors = {};
  if (fields.username.trim() === '') errors.username = 'Enter your username';
  if (fields.password === '') errors.password = 'Enter your password';
  return errors;
}
