import { describe, expect, it } from 'vitest';
import {
  APP_LINK_AREAS,
  appLinkInArgv,
  appLinkTarget,
  MAX_APP_LINK_QUERY,
} from '../../../src/shared/appLink';

describe('dqc-console:// links', () => {
  it('open one of the console screens with its filters', () => {
    expect(appLinkTarget('dqc-console://open/filter')).toBe('/filter');
    expect(appLinkTarget('dqc-console://open/market/get-markets?contains=btc&page=2')).toBe(
      '/market/get-markets?contains=btc&page=2',
    );
    expect(appLinkTarget('dqc-console://open/cryptoCurrency/get-newCurrencies?currencyId=7')).toBe(
      '/cryptoCurrency/get-newCurrencies?currencyId=7',
    );
    // The scheme and action in any case, a trailing slash: the same screen.
    expect(appLinkTarget('DQC-Console://OPEN/twitter-accounts/')).toBe('/twitter-accounts');
  });

  it('refuse another scheme, another action, a user or a port', () => {
    for (const link of [
      'https://open/filter',
      'dqc-consol://open/filter',
      'javascript:alert(1)//open/filter',
      'dqc-console://evil/filter',
      'dqc-console://user:pw@open/filter',
      'dqc-console://open:99/filter',
      'dqc-console:/filter',
      'not a link',
    ])
      expect(appLinkTarget(link), link).toBeNull();
  });

  it('refuse a path that is not one of the screens', () => {
    for (const link of [
      'dqc-console://open',
      'dqc-console://open/',
      'dqc-console://open/settings',
      'dqc-console://open/filterx',
      'dqc-console://open/market/../../etc',
      'dqc-console://open/market//x',
      'dqc-console://open/market/a.b',
    ])
      expect(appLinkTarget(link), link).toBeNull();
    // Dot segments are resolved first, as a browser does: what is checked is where it lands.
    expect(appLinkTarget('dqc-console://open/../filter')).toBe('/filter');
    expect(appLinkTarget('dqc-console://open/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
  });

  it('drop every parameter that could hold a credential, whatever its case', () => {
    expect(
      appLinkTarget(
        'dqc-console://open/filter?secret=s&contains=btc&Token=t&password=p&access_token=a&REFRESH_TOKEN=r&token=again',
      ),
    ).toBe('/filter?contains=btc');
    expect(appLinkTarget('dqc-console://open/filter?secret=only')).toBe('/filter');
  });

  it('drop a query too long to be filters, keeping the screen', () => {
    const long = `contains=${'x'.repeat(MAX_APP_LINK_QUERY)}`;
    expect(appLinkTarget(`dqc-console://open/filter?${long}`)).toBe('/filter');
    const fits = `contains=${'x'.repeat(MAX_APP_LINK_QUERY - 9)}`;
    expect(appLinkTarget(`dqc-console://open/filter?${fits}`)).toBe(`/filter?${fits}`);
    expect(appLinkTarget(`dqc-console://open/filter?${'x'.repeat(20_000)}`)).toBeNull();
  });

  it('are found among a launch arguments', () => {
    expect(appLinkInArgv(['/opt/dqc', '--flag', 'dqc-console://open/filter'])).toBe(
      'dqc-console://open/filter',
    );
    expect(appLinkInArgv(['/opt/dqc', '--flag'])).toBeNull();
  });

  it('name each area once', () => {
    expect(new Set(APP_LINK_AREAS).size).toBe(APP_LINK_AREAS.length);
  });
});
