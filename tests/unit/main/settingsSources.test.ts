import { describe, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../../../src/main/core/log';
import { settingsFromEnv } from '../../../src/main/core/settings/settingsSources';

/** The environment as one source of settings, read on its own (settingsPrecedence.ts ranks it). */
describe('settings from the environment', () => {
  it('reads each variable as its setting: lists split, flags as words, numbers checked', () => {
    expect(
      settingsFromEnv(
        {
          DQC_API_URL: 'https://api.example.com/',
          DQC_REVIEWERS: ' anna, ben ,,carl ',
          DQC_UPDATES: 'FALSE',
          DQC_RUN_CONCURRENCY: '8',
          UNRELATED: 'x',
        },
        silentLogger,
      ),
    ).toEqual({
      apiUrl: 'https://api.example.com',
      reviewers: ['anna', 'ben', 'carl'],
      updates: false,
      runConcurrency: 8,
    });
  });

  it('drops a bad value alone, with a warning naming the setting', () => {
    const warnings: string[] = [];
    const log: Logger = {
      ...silentLogger,
      warn: (message: unknown) => warnings.push(String(message)),
    };
    expect(
      settingsFromEnv(
        { DQC_UPDATES: 'sometimes', DQC_RUN_CONCURRENCY: '99', DQC_UPDATE_CHANNEL: 'beta' },
        log,
      ),
    ).toEqual({ updateChannel: 'beta' });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^Environment setting for updates is ignored: /);
    expect(warnings[1]).toMatch(/^Environment setting for runConcurrency is ignored: /);
  });
});
