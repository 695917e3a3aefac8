import { describe, expect, it } from 'vitest';
import { machineSettingsDialog } from '../../../src/main/core/desktop/settingsDialog';

describe('the invalid machine-wide settings dialog', () => {
  const machine = '/etc/dqc-console/config.json';

  it("names IT's file and its reason, and says what happens instead", () => {
    const dialog = machineSettingsDialog(
      [
        { file: machine, reason: 'is not valid JSON and is ignored.' },
        { file: '/home/u/.config/DQC Console/settings.json', reason: 'is ignored: colour: …' },
      ],
      machine,
    );
    expect(dialog).toEqual({
      title: 'DQC Console',
      message: 'The machine-wide settings file is ignored',
      detail: expect.stringContaining(`${machine} is not valid JSON and is ignored.`),
    });
    expect(dialog!.detail).toMatch(/updates are off/);
    expect(dialog!.detail).toMatch(/tell IT/);
    // The user's own file is only logged.
    expect(dialog!.detail).not.toContain('settings.json');
  });

  it('says only some settings are ignored when the file was read key by key', () => {
    const dialog = machineSettingsDialog(
      [{ file: machine, reason: 'has settings that are ignored: linkHosts.0: not a host' }],
      machine,
    );
    expect(dialog!.message).toBe('Some settings of the machine-wide file are ignored');
    expect(dialog!.detail).toContain(`${machine} has settings that are ignored: linkHosts.0`);
    expect(dialog!.detail).toMatch(/Its other settings apply/);
  });

  it('says nothing when only the user file is broken, or nothing is', () => {
    expect(machineSettingsDialog([{ file: '/u/settings.json', reason: 'x' }], machine)).toBeNull();
    expect(machineSettingsDialog([], machine)).toBeNull();
    expect(machineSettingsDialog([{ file: machine, reason: 'x' }], null)).toBeNull();
  });
});
