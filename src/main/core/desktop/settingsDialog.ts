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
  return {
    title: 'DQC Console',
    message: 'The machine-wide settings file is ignored',
    detail: [
      ...mine.map((problem) => `${problem.file} ${problem.reason}`),
      '',
      'None of its settings apply: the app starts without them, and updates are off until the file is fixed. Please tell IT.',
    ].join('\n'),
  };
}
