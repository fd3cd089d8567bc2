import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { articleHero } from './news-pages';

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
    // The caption credits the photographer, as text.
    expect(screen.getByText('Beeld: Anna de Vries').closest('figcaption')).toHaveTextContent(
      'Vol stadion Beeld: Anna de Vries',
    );
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

  it('serves the hero at the CAMPAIGN_HEADER sizes of spec §9, eagerly', async () => {
    const { container } = renderApp(fixturePage(path), path);
    await screen.findByRole('heading', { level: 1 });
    const hero = container.querySelector('img.article__image');
    expect(hero).toHaveAttribute('width', '640');
    expect(hero).toHaveAttribute('height', '360');
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(hero?.closest('.article__top')?.querySelector('h1')).not.toBeNull();
  });

  it('offers a resizable hero as srcset at 1x and 2x with the preset sizes', () => {
    const hero = articleHero('https://cdn.example/a/{format}/hero.jpg');
    expect(hero.width).toBe(640);
    expect(hero.height).toBe(360);
    expect(hero.src).toBe('https://cdn.example/a/h_360,w_640,c_north/hero.jpg');
    expect(hero.srcSet).toBe(
      'https://cdn.example/a/h_180,w_320,c_north/hero.jpg 320w, ' +
        'https://cdn.example/a/h_360,w_640,c_north/hero.jpg 640w, ' +
        'https://cdn.example/a/h_720,w_1280,c_north/hero.jpg 1280w',
    );
    expect(hero.sizes).toBe('(min-width: 768px) 640px, 320px');
    expect(articleHero('/media/images/articles/a.webp')).toEqual({
      src: '/media/images/articles/a.webp',
      width: 640,
      height: 360,
    });
  });
});
