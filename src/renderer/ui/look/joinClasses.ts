/**
 * A class attribute from its parts, the empty ones left out: Ant Design's style hooks give an
 * empty hash or theme class when the theme has none.
 */
export const joinClasses = (...parts: string[]): string => parts.filter(Boolean).join(' ');
