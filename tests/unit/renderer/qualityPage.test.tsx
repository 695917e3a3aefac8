import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { App as AntApp } from 'antd';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/renderer/app/App';
import { setBridge } from '../../../src/renderer/bridge/bridge';
import { QualityWarningIndicator } from '../../../src/renderer/domain/audit/qualityWarning';
import type { ChartPoint } from '../../../src/renderer/features/quality/qualityChartData';
import QualityPage from '../../../src/renderer/features/quality/QualityPage';
import type { AuditAnswer } from '../../../src/shared/quality/auditRecord';
import type { AuditAnswers, AuditProgress } from '../../../src/shared/quality/auditChannels';
import type { QualityWarning } from '../../../src/shared/quality/estimatesChannel';
import { qualityReport } from '../../../src/shared/quality/qualityReport';
import { appInfo, fail, fakeBridge, ok, signedIn } from './fakeBridge';

// The chart draws on a canvas, which jsdom has not: a stand-in shows the data it was handed.
vi.mock('../../../src/renderer/features/quality/QualityChart', () => ({
  default: ({ data }: { data: ChartPoint[] }) => (
    <pre data-testid="chart-data">{JSON.stringify(data)}</pre>
  ),
}));

afterEach(() => {
  vi.useRealTimers();
  setBridge(null);
  window.location.hash = '';
});

const answer = (
  itemId: number,
  source: 'tweets' | 'news',
  classifierKept: boolean,
  answerKept: boolean,
  keyword: string,
): AuditAnswer => ({
  itemId,
  stratum: { source, classifierKept },
  answerKept,
  reviewer: 'reviewer1',
  answeredAt: '2026-11-30T10:00:00.000Z',
  groups: { keywords: [keyword], origin: 'acc', day: '2026-11-29', modelRun: null },
});

/**
 * The user's audit: 4 kept tweets (one should have been eliminated), 2 eliminated tweets, 2 kept
 * news, all on "btc" but the eliminated tweets, on "eth"; so no eliminated item bears on "btc".
 */
const ANSWERS: AuditAnswers = {
  current: {
    sampleId: 's1',
    window: { from: '2026-11-23T10:00', to: '2026-11-30T10:00' },
    drawnAt: '2026-11-30T09:00:00.000Z',
    sizes: {
      'tweets:kept': 900,
      'tweets:eliminated': 3000,
      'news:kept': 100,
      'news:eliminated': 0,
    },
    answers: [
      answer(1, 'tweets', true, false, 'btc'),
      answer(2, 'tweets', true, true, 'btc'),
      answer(3, 'tweets', true, true, 'btc'),
      answer(4, 'tweets', true, true, 'btc'),
      answer(5, 'tweets', false, false, 'eth'),
      answer(6, 'tweets', false, false, 'eth'),
      answer(10, 'news', true, true, 'btc'),
      answer(11, 'news', true, true, 'btc'),
    ],
  },
  earlier: [],
};
const ESTIMATES = qualityReport(ANSWERS);
const WARNING: QualityWarning = {
  basis: 'modelRun',
  before: 'model run 11',
  after: 'model run 12',
  worse: [
    {
      rate: 'accuracy',
      before: { value: 0.95, interval: { low: 0.9, high: 0.98 }, answers: 80 },
      after: { value: 0.7, interval: { low: 0.6, high: 0.78 }, answers: 90 },
    },
  ],
};
const PROGRESS: AuditProgress = {
  sample: {
    id: 's1',
    window: ANSWERS.current!.window,
    drawnAt: ANSWERS.current!.drawnAt,
    size: 200,
    drawn: 8,
    answered: 8,
    strata: [
      {
        key: 'tweets:kept',
        source: 'tweets',
        classifierKept: true,
        population: 900,
        drawn: 4,
        answered: 4,
      },
      {
        key: 'news:eliminated',
        source: 'news',
        classifierKept: false,
        population: 0,
        drawn: 0,
        answered: 0,
      },
    ],
    emptyStrata: ['news:eliminated'],
  },
  answeredToday: 8,
};

function renderPage(
  options: { estimates?: () => ReturnType<typeof ok>; start?: () => ReturnType<typeof ok> } = {},
) {
  const bridge = fakeBridge({
    'audit.current': () => ok(PROGRESS),
    'audit.estimates': () => (options.estimates ? options.estimates() : ok(ESTIMATES)),
    'audit.start': () => (options.start ? options.start() : ok(PROGRESS)),
  });
  setBridge(bridge);
  render(
    <Provider store={createStore()}>
      <AntApp>
        <MemoryRouter>
          <QualityWarningIndicator />
          <QualityPage title="Quality" />
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
  return bridge;
}

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

const estimatesTable = () => screen.findByRole('table', { name: 'Estimates' });
const rowOf = async (name: string) =>
  within(await estimatesTable())
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === name)!;

describe('the Quality screen', () => {
  it('shows each figure with its interval, "—" where no answer bears on it, links to exactly its items, and groups on demand', async () => {
    renderPage();
    const all = await rowOf('All audited items');
    const cells = within(all).getAllByRole('cell');
    // Kept that should have been eliminated: 0.9 · ¼ + 0.1 · 0 = 22.5%, with its interval.
    expect(cells[1]!.textContent).toMatch(/^22\.5% \(\d+\.\d–\d+\.\d%\)6 answers/);
    for (const cell of cells.slice(1))
      expect(cell.textContent).toMatch(/^\d+\.\d% \(\d+\.\d–\d+\.\d%\)\d+ answers/);
    const tweetsLink = within(cells[1]!).getByRole('link', {
      name: 'Review the 4 audited tweets behind Kept that should have been eliminated, All audited items',
    });
    expect(hrefOf(tweetsLink)).toBe('/filter?audited=tweets:1,2,3,4');
    expect(
      within(cells[1]!)
        .getByRole('link', { name: /2 audited news/ })
        .getAttribute('href'),
    ).toBe('/filter?audited=news:10,11');
    expect(
      within(cells[2]!)
        .getByRole('link', { name: /2 audited tweets/ })
        .getAttribute('href'),
    ).toBe('/filter?audited=tweets:5,6');
    // No eliminated item is on "btc": no figure, and no link.
    const btc = within(await rowOf('btc')).getAllByRole('cell');
    expect(btc[2]!.textContent).toBe('—no answers');
    expect(within(btc[2]!).queryByRole('link')).toBeNull();
    expect(await rowOf('eth')).toBeDefined();

    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Group by' })).getByText('Source'),
    );
    expect(
      within(await estimatesTable()).getByRole('columnheader', { name: 'Source' }),
    ).toBeDefined();
    const news = within(await rowOf('News')).getAllByRole('cell');
    expect(within(news[3]!).getByRole('link').getAttribute('href')).toBe(
      '/filter?audited=news:10,11',
    );
    expect(within(news[3]!).queryByRole('link', { name: /tweets/ })).toBeNull();
    expect(await rowOf('Tweets')).toBeDefined();

    // The audit's progress, its empty stratum, and the way to answer it.
    expect(screen.getByText('Nothing could be drawn from: News eliminated.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Answer on Review' }).getAttribute('href')).toBe(
      '/filter?audit=1',
    );
    expect(screen.getByText('No item was answered by two reviewers.')).toBeDefined();
    // No warning was returned: neither the screen nor the top bar shows one.
    expect(screen.queryByText(/^Worse/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Quality worse|^Worse/ })).toBeNull();

    const { violations } = await axe.run(document.body, { resultTypes: ['violations'] });
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
  });

  it('reads the audit again on Retry after a failed read, starts an audit over the last days asked, and says why a refused one was refused, keeping the form', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T12:34:56.000Z'));
    const message =
      'Nothing to audit: no tweets or news were detected between 2026-11-28T12:34 and 2026-12-01T12:34. Choose a longer window.';
    let reads = 0;
    const bridge = renderPage({
      estimates: () =>
        ++reads === 1 ? fail(500, 'CORE', 'Core is not answering.') : ok(ESTIMATES),
      start: () => fail(409, 'AUDIT_EMPTY_WINDOW', message),
    });
    expect(
      await screen.findByText('The audit could not be read: Core is not answering.'),
    ).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const days = await screen.findByRole('spinbutton', { name: 'Window in days' });
    expect(screen.queryByText(/could not be read/)).toBeNull();
    await userEvent.clear(days);
    await userEvent.type(days, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Start an audit' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(bridge.invoke).toHaveBeenCalledWith('audit.start', {
      size: 200,
      from: '2026-11-28T12:34',
      to: '2026-12-01T12:34',
    });
    expect(
      (screen.getByRole('spinbutton', { name: 'Window in days' }) as HTMLInputElement).value,
    ).toBe('3');
    expect(
      (screen.getByRole('spinbutton', { name: 'Items in the sample' }) as HTMLInputElement).value,
    ).toBe('200');
  });
});

describe('the worse-after-a-model-run warning', () => {
  it('shows on the Quality screen and in the top bar when the estimates return one', async () => {
    const bridge = fakeBridge({
      'app.info': () => ok(appInfo),
      'session.get': () => ok(signedIn),
      'app.updateStatus': () => ok({ state: 'idle', checkedAt: null }),
      'runs.list': () => ok([]),
      'journal.list': () => ok({ entries: [], total: 0, folder: null, retentionDays: 30 }),
      'audit.current': () => ok(PROGRESS),
      'audit.estimates': () => ok({ ...ESTIMATES, warning: WARNING }),
    });
    window.location.hash = '#/quality';
    setBridge(bridge);
    render(<App />);
    const alert = await screen.findByText('Worse after model run 12 than after model run 11');
    expect(alert.closest('[role="alert"]')!.textContent).toContain(
      'Accuracy: 95.0% (90.0–98.0%) before, 70.0% (60.0–78.0%) after.',
    );
    const banner = screen.getByRole('banner');
    await waitFor(() =>
      expect(hrefOf(within(banner).getByRole('link', { name: /^Worse after model run 12/ }))).toBe(
        '#/quality',
      ),
    );
  });
});
