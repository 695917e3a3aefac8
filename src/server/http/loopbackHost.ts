import { isIP } from 'node:net';

/** Whether a listen address is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  const v6 = host.replace(/^\[|\]$/g, '');
  return v6 === '::1' || v6.toLowerCase().startsWith('::ffff:127.');
}
