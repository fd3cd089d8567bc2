import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('presenter pages', () => {
  it('lists the presenters as cards', async () => {
    renderApp(fixturePage('/presentatoren'), '/presentatoren');
    expect(await screen.findByRole('heading', { level: 1, name: 'Presentatoren' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anna de Wit' })).toHaveAttribute(
      'href',
      '/presentatoren/anna-de-wit',
    );
    // Right under the h1 the cards are titled h2, so that no level is skipped.
    expect(screen.getByRole('heading', { level: 2, name: 'Anna de Wit' })).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
  });

  it('shows the bio, the programmes and the fragments of a presenter', async () => {
    renderApp(fixturePage('/presentatoren/anna-de-wit'), '/presentatoren/anna-de-wit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna de Wit' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portret van Anna de Wit' })).toHaveAttribute('loading', 'eager');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Anna presenteert al tien jaar.');
    expect(within(main).getByRole('link', { name: 'De Ochtendploeg' })).toHaveAttribute(
      'href',
      '/programmas/de-ochtendploeg',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Fragmenten' })).toBeInTheDocument();
    // Inside a section the cards are titled one level below its h2.
    expect(within(main).getByRole('heading', { level: 3, name: 'De Ochtendploeg' })).toBeInTheDocument();
  });
});
