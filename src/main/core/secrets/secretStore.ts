/** Where the refresh token lives. Never a plain file. */
export interface SecretStore {
  readonly kind: 'keychain' | 'safeStorage' | 'memory';
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}
