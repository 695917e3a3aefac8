/**
 * Migration 1: users, their sign-in sessions, refresh tokens (stored as hashes) and the JWT signing
 * keys of the reference server (src/server/auth).
 */
export const auth: readonly string[] = [
  `CREATE TABLE users (
        id uuid PRIMARY KEY,
        username text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        roles text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
  `CREATE TABLE auth_sessions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        client_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`,
  'CREATE INDEX auth_sessions_user ON auth_sessions(user_id)',
  `CREATE TABLE refresh_tokens (
        token_hash text PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`,
  'CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id)',
  `CREATE TABLE signing_keys (
        kid text PRIMARY KEY,
        private_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
];
