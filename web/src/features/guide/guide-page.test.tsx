import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    expect(current).toHaveTextContent('AVRO');
  });
});
