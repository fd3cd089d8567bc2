import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const path = '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg';

describe('BroadcastPage', () => {
  it('plays the recording and lists the tracks', async () => {
    const { container } = renderApp(fixturePage(path), path);
    expect(await screen.findByRole('heading', { level: 1, name: 'De Ochtendploeg' })).toBeInTheDocument();
    expect(screen.getByText(/Zaterdag 21 november 2026 06 - 07 uur/)).toBeInTheDocument();
    expect(container.querySelector('audio[src="/media/broadcasts/501.mp3"]')).not.toBeNull();
    expect(screen.getByRole('list', { name: 'Gedraaide nummers' })).toHaveTextContent('Regen in de stad');
  });
});
