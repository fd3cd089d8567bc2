import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuideData, PageEnvelope } from '../../api/types';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T06:30:00Z'), shouldAdvanceTime: true, toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('GuidePage', () => {
  it('shows day tabs, times and the current broadcast', async () => {
    renderApp(fixturePage('/gids'), '/gids');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gids Ether Radio 2' })).toBeInTheDocument();
    const days = screen.getByRole('navigation', { name: 'Dagen' });
    const links = within(days).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Gisteren20 nov', 'Vandaag21 nov', 'Morgen22 nov']);
    expect(links[0]).toHaveAttribute('href', '/gids/2026/11/20');
    expect(links[1]).toHaveAttribute('href', '/gids');
    expect(links[1]).toHaveAttribute('aria-current', 'date');
    const current = document.querySelector('[aria-current="time"]');
    expect(current).toHaveTextContent('06:00–09:00');
    expect(current).toHaveTextContent('Nu live');
    expect(current).toHaveTextContent('De Ochtendploeg');
    expect(current).toHaveTextContent('Met Anna de Wit');
    // The guide's broadcasts follow the h1 as h2: no level is skipped.
    expect(within(current as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
      'De Ochtendploeg',
    );
    expect(within(current as HTMLElement).getByRole('img', { name: 'AVRO' })).toHaveAttribute(
      'src',
      '/media/images/broadcasters/avro.webp',
    );
    expect(screen.getByText('Vandaag, zaterdag 21 november 2026')).toBeInTheDocument();
  });

  it("writes a broadcast of the whole day as 'hele dag', not '00:00–00:00' (issue 51 polish)", async () => {
    const base = fixturePage('/gids') as PageEnvelope<GuideData>;
    const [first] = base.data.broadcasts;
    if (!first) throw new Error('the fixture guide has a broadcast');
    const allDay = { ...first, from: '2026-11-20T23:00:00Z', until: '2026-11-21T23:00:00Z' };
    renderApp({ ...base, data: { ...base.data, broadcasts: [allDay] } }, '/gids');
    const current = await screen.findByRole('listitem', { current: 'time' });
    expect(within(current).getByText('hele dag')).toHaveAttribute('datetime', allDay.from);
    expect(current).not.toHaveTextContent('00:00–00:00');
  });

  it('labels the days of the rolling window relative to today', async () => {
    const base = fixturePage('/gids') as PageEnvelope<GuideData>;
    const days = ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];
    renderApp({ ...base, data: { ...base.data, days, date: '2026-11-23' } }, '/gids/2026/11/23');
    const nav = await screen.findByRole('navigation', { name: 'Dagen' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((l) => l.querySelector('.day-tab__label')?.textContent);
    expect(labels).toEqual(['Donderdag', 'Gisteren', 'Vandaag', 'Morgen', 'Maandag', 'Dinsdag']);
    expect(within(nav).getByRole('link', { current: 'date' })).toHaveAttribute('href', '/gids/2026/11/23');
    expect(screen.getByText('Maandag 23 november 2026')).toBeInTheDocument();
  });

  it('scrolls the day strip sideways to the chosen day when it is out of view', async () => {
    // jsdom lays nothing out: the strip is 358 px wide with 1050 px of tabs, the chosen one 490 px in.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('day-tabs') ? 358 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('day-tabs') ? 1050 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains('day-tabs'))
        return DOMRect.fromRect({ x: 16, y: 200, width: 358, height: 50 });
      if (this.getAttribute('aria-current') === 'date') {
        return DOMRect.fromRect({
          x: 16 + 490 - (this.closest('.day-tabs')?.scrollLeft ?? 0),
          y: 200,
          width: 70,
          height: 50,
        });
      }
      return DOMRect.fromRect();
    });
    try {
      renderApp(fixturePage('/gids'), '/gids');
      const days = await screen.findByRole('navigation', { name: 'Dagen' });
      expect(days.scrollLeft).toBe(346);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('says so when the day lies outside the kept window', async () => {
    const base = fixturePage('/gids') as PageEnvelope<GuideData>;
    renderApp(
      {
        ...base,
        data: {
          ...base.data,
          date: '2026-12-25',
          broadcasts: [],
          window: { first: '2026-11-07', last: '2026-11-28', contains: false },
        },
      },
      '/gids/2026/12/25',
    );
    expect(await screen.findByText(/De gids gaat 14 dagen terug en 7 dagen vooruit/)).toHaveTextContent(
      'vrijdag 25 december 2026 valt daarbuiten.',
    );
    expect(screen.getByRole('link', { name: 'Bekijk de gids van vandaag' })).toHaveAttribute('href', '/gids');
  });
});
