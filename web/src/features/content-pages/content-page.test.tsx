import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsConsent } from '../../lib/analytics';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

afterEach(() => {
  setAnalyticsConsent(false);
  vi.unstubAllGlobals();
});

describe('ContentPage', () => {
  it('renders every block type', async () => {
    renderApp(fixturePage('/thema/zomer'), '/thema/zomer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zomer op Ether' })).toBeInTheDocument();
    for (const title of [
      'De zomer',
      'Over deze zomer',
      'Ontdek',
      'Fragmenten',
      'Nieuws',
      'Podcasts',
      'Luister ook',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /Top 40/ })).toHaveAttribute('target', '_blank');
    for (const link of within(screen.getByRole('main')).getAllByRole('link', { name: 'Gids' })) {
      expect(link).toHaveAttribute('href', '/gids');
    }
    expect(screen.getByText('Binnenkort').closest('a')).toBeNull();
  });

  it('tracks radio block link clicks as exit or navigation events, only with consent', async () => {
    const beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    renderApp(fixturePage('/thema/zomer'), '/thema/zomer');
    const block = must(
      (await screen.findByRole('heading', { level: 2, name: 'Luister ook' })).closest('section'),
    );
    const top40 = within(block).getByRole('link', { name: /Top 40/ });
    top40.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(top40);
    expect(beacon).not.toHaveBeenCalled();

    setAnalyticsConsent(true);
    fireEvent.click(top40);
    const [url, blob] = must(beacon.mock.calls[0]);
    expect(url).toBe('/api/events');
    expect(JSON.parse(await readBlob(blob))).toEqual({
      name: 'player_radioblok_counter_top-40_top-40',
      type: 'exit',
    });

    fireEvent.click(within(block).getByRole('link', { name: 'Gids' }));
    expect(JSON.parse(await readBlob(must(beacon.mock.calls[1])[1]))).toEqual({
      name: 'player_radioblok_counter_gids_gids',
      type: 'navigation',
    });
  });
});
