import type { SettingsProblem } from '../settings';

export interface SettingsDialog {
  title: string;
  message: string;
  detail: string;
}

/**
 * What the start-up dialog says about an ignored machine-wide settings file, or null when there is
 * nothing to say. Only IT's file is shown: a user is told to ask IT, since the machine's API host
 * or update rules are then not in force. A broken user file is the user's own and is only logged
 * (it is named with its reason in main.log), like a bad environment variable.
 */
export function machineSettingsDialog(
  problems: readonly SettingsProblem[],
  machineFile: string | null,
): SettingsDialog | null {
  const mine = problems.filter((problem) => problem.file === machineFile);
  if (!machineFile || mine.length === 0) return null;
  // Unreadable: nothing of it applies. Read key by key: only the bad entries are dropped.
  const whole = mine.some((problem) => !problem.reason.startsWith('has settings that are ignored'));
  return {
    title: 'DQC Console',
    message: whole
      ? 'The machine-wide settings file is ignored'
      : 'Some settings of the machine-wide file are ignored',
    detail: [
      ...mine.map((problem) => `${problem.file} ${problem.reason}`),
      '',
      whole
        ? 'None of its settings apply: the app starts without them, and updates are off until the file is fixed. Please tell IT.'
        : 'Its other settings apply; what it set wrongly takes its default, and updates are off until the file is fixed. Please tell IT.',
    ].join('\n'),
  };
}
