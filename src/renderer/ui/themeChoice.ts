import { atom, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useMediaQuery } from './mediaQuery';

export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export const THEME_STORAGE_KEY = 'dqc.theme';

/** The user's choice, kept across restarts; read on first use so no wrong theme flashes. */
const storedChoiceAtom = atomWithStorage<ThemeChoice>(THEME_STORAGE_KEY, 'system', undefined, {
  getOnInit: true,
});

/** The choice, with anything unknown in storage read as 'system'. */
export const themeChoiceAtom = atom(
  (get): ThemeChoice => {
    const stored = get(storedChoiceAtom);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  },
  (_get, set, choice: ThemeChoice) => set(storedChoiceAtom, choice),
);

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether the operating system is set to dark, following it as it changes. */
export function useSystemDark(): boolean {
  return useMediaQuery(DARK_QUERY);
}

/** Whether the console is dark now: the user's choice, or the system's with 'system'. */
export function useDarkTheme(): boolean {
  const choice = useAtomValue(themeChoiceAtom);
  const systemDark = useSystemDark();
  return choice === 'dark' || (choice === 'system' && systemDark);
}
