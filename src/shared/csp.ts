/**
 * The renderer's Content-Security-Policy, defined once for the built page (meta tag), the
 * Electron session (header) and browser mode (header). Ant Design injects its CSS at run time,
 * hence inline styles; scripts only from the app itself.
 */
export function contentSecurityPolicy(
  extraConnectSrc: readonly string[] = [],
  delivery: 'header' | 'meta' = 'header',
): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...extraConnectSrc].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ];
  // Browsers ignore frame-ancestors in a meta tag (and say so in the console).
  return directives
    .filter((d) => delivery === 'header' || !d.startsWith('frame-ancestors'))
    .join('; ');
}
