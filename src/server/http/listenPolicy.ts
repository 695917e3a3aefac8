import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { DEFAULT_PASSWORD_KEY } from '../../shared/constants';
import type { ServerConfig } from '../config';
import { isLoopbackHost } from './loopbackHost';

/**
 * Why the server must not listen with these settings; null when it may. On loopback the
 * defaults are for a console on its own machine and anything goes. Beyond loopback, others reach
 * the server, so it refuses the public default password key (SPEC.md 5's cipher is then no
 * secret at all: anyone on the way reads passwords) and plain HTTP (tokens and passwords in
 * clear), unless a setting says a proxy in front of it terminates TLS.
 */
export function whyNotListen(
  config: Pick<ServerConfig, 'host' | 'passwordKey' | 'tls' | 'tlsTerminatedByProxy'>,
): string | null {
  if (isLoopbackHost(config.host)) return null;
  const problems: string[] = [];
  if (config.passwordKey === DEFAULT_PASSWORD_KEY)
    problems.push(
      "DQC_PASSWORD_KEY is the public demo key (set it to a secret key of 16, 24 or 32 bytes, and the consoles' passwordKey to the same)",
    );
  if (!config.tls && !config.tlsTerminatedByProxy)
    problems.push(
      'it would serve plain HTTP (set DQC_TLS_CERT and DQC_TLS_KEY to PEM files, or DQC_TLS_BY_PROXY=true when a proxy in front of it terminates TLS)',
    );
  if (problems.length === 0) return null;
  return `The server refuses to listen on ${config.host}, beyond loopback: ${problems.join('; ')}.`;
}

/**
 * The log's warning for a server behind a TLS proxy that trusts no proxy's X-Forwarded-For: it
 * then counts every client as the proxy, and one client's failed sign-ins make all of them wait.
 */
export function proxyNotTrustedWarning(
  config: Pick<ServerConfig, 'tlsTerminatedByProxy' | 'trustProxy'>,
): string | null {
  if (!config.tlsTerminatedByProxy || config.trustProxy.length > 0) return null;
  return "DQC_TLS_BY_PROXY is true but DQC_TRUST_PROXY names no proxy: the throttles will count every client as the proxy's address. Set DQC_TRUST_PROXY to the proxy's address.";
}

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
}

/** Reads the certificate and key, and checks that they belong together, naming the setting. */
export function readTlsPair(files: NonNullable<ServerConfig['tls']>): TlsPair {
  const read = (setting: string, path: string): Buffer => {
    try {
      return readFileSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new Error(`${setting}: ${path} cannot be read (${code}); set it to a PEM file.`);
    }
  };
  const pair = {
    cert: read('DQC_TLS_CERT', files.certFile),
    key: read('DQC_TLS_KEY', files.keyFile),
  };
  try {
    createSecureContext(pair);
  } catch (error) {
    throw new Error(
      `DQC_TLS_CERT and DQC_TLS_KEY cannot be used together (${error instanceof Error ? error.message : String(error)}): set them to a PEM certificate and its own private key.`,
    );
  }
  return pair;
}
