import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const path = '/nieuws/sport/1201/oranje-wint-in-de-slotminuut';

describe('ArticlePage', () => {
  it('renders every content block as elements', async () => {
    const { container } = renderApp(fixturePage(path), path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oranje wint in de slotminuut' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Het was lang spannend in het stadion.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'De slotfase' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Het stadion' })).toBeInTheDocument();
    expect(screen.getByText('Dit vergeten we nooit.')).toBeInTheDocument();
    // The fragment plays in the mini player, not in an audio element of its own.
    const fragmentBlock = screen.getByRole('complementary', {
      name: 'Fragment: Live in de studio: De Golven',
    });
    expect(within(fragmentBlock).getByRole('button', { name: 'Luister fragment' })).toBeInTheDocument();
    expect(container.querySelector('audio[src="/media/fragments/live-in-de-studio.mp3"]')).toBeNull();
    expect(container.querySelector('video[src="/media/videos/achter-de-schermen.mp4"]')).not.toBeNull();
    const social = screen.getByRole('complementary', { name: 'Bericht op Instagram' });
    expect(social).toHaveTextContent('toestemming geeft voor de categorie ‘sociale media’');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('keeps related links inside the app variant', async () => {
    renderApp(fixturePage(path), `/app${path}`);
    expect(await screen.findByRole('link', { name: 'Trainer blijft' })).toHaveAttribute(
      'href',
      '/app/nieuws/sport/1202/oranje-wint-in-de-slotminuut',
    );
  });
});
