import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { broadcastDayLabel } from '../../lib/day-labels';
import { toIsoDate } from '../../lib/format-date';
import { fixturePage, laterBroadcast, programmeData, programmesData } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('programme pages', () => {
  it('lists the programmes grouped by channel', async () => {
    renderApp(fixturePage('/programmas'), '/programmas');
    expect(await screen.findByRole('heading', { level: 1, name: "Programma's" })).toBeInTheDocument();
    const first = programmesData.programmes[0];
    if (!first) throw new Error('fixture missing');
    expect(screen.getByRole('heading', { level: 2, name: first.channel.name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: first.name })).toHaveAttribute(
      'href',
      `/programmas/${first.slug}`,
    );
  });

  it('shows description, schedule, broadcaster icons, presenters and the latest of the programme', async () => {
    const { container } = renderApp(
      fixturePage('/programmas/de-ochtendploeg'),
      '/programmas/de-ochtendploeg',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'De Ochtendploeg' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(programmeData.programme.description);
    expect(main).toHaveTextContent('Maandag t/m vrijdag 06:00–09:00');
    const header = container.querySelector('.detail-header');
    if (!(header instanceof HTMLElement)) throw new Error('no detail header');
    const icons = within(header).getByRole('list', { name: 'Omroepen' });
    expect(within(icons).getByRole('img', { name: 'AVRO' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Anna de Wit' })).toHaveAttribute(
      'href',
      '/presentatoren/anna-de-wit',
    );
    for (const title of ['Presentatoren', 'Binnenkort', 'Fragmenten', 'Nieuws', 'Gemist']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    // The header image is the first hero: fetched eagerly and first, in the CAMPAIGN_HEADER size.
    const hero = container.querySelector('.detail-header__image');
    expect(hero).toHaveAttribute('fetchpriority', 'high');
    expect(hero).toHaveAttribute('width', '640');
    expect(hero).toHaveAttribute('height', '360');
  });

  it("says the day of each broadcast under 'Binnenkort', which spans several days", async () => {
    renderApp(fixturePage('/programmas/de-ochtendploeg'), '/programmas/de-ochtendploeg');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Binnenkort' });
    const section = heading.closest('section');
    if (!section) throw new Error('no Binnenkort section');
    const day = broadcastDayLabel(toIsoDate(laterBroadcast.from), new Date());
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent(`${day} 09:00–12:00`);
  });

  it('offers the news of a programme by category', async () => {
    renderApp(fixturePage('/programmas/de-ochtendploeg/nieuws'), '/programmas/de-ochtendploeg/nieuws');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nieuws van De Ochtendploeg' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'De Ochtendploeg' })).toHaveAttribute(
      'href',
      '/programmas/de-ochtendploeg',
    );
  });
});
