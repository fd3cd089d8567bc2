import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageEnvelope, SearchData } from '../../api/types';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { searchGroupHref } from './search-page';

const golven = () => fixturePage('/zoeken/golven') as PageEnvelope<SearchData>;

describe('SearchPage', () => {
  it('groups the hits with headings and counts', async () => {
    renderApp(golven(), '/zoeken/golven');
    expect(await screen.findByRole('heading', { level: 2, name: 'Muziek (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Fragmenten (1)' })).toBeInTheDocument();
    expect(screen.getByText('2 resultaten')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: /Pagina's van/ })).not.toBeInTheDocument();
  });
  it('pages each group on its own', async () => {
    const envelope = golven();
    const [music] = envelope.data.groups;
    if (!music) throw new Error('fixture');
    const data: SearchData = { ...envelope.data, groups: [{ ...music, total: 23, page: 2, pageCount: 3 }] };
    renderApp({ ...envelope, data }, '/zoeken/golven');
    const nav = await screen.findByRole('navigation', { name: "Pagina's van Muziek" });
    expect(within(nav).getByRole('link', { name: 'Vorige' })).toHaveAttribute('href', '/zoeken/golven');
    expect(within(nav).getByRole('link', { name: 'Volgende' })).toHaveAttribute(
      'href',
      '/zoeken/golven?page=3&type=track',
    );
  });
  it('says when nothing was found', async () => {
    renderApp({ ...golven(), data: { term: 'xyz', groups: [] } }, '/zoeken/xyz');
    expect(await screen.findByText(/Geen resultaten voor ‘xyz’/)).toBeInTheDocument();
    expect(screen.getByText('0 resultaten')).toBeInTheDocument();
  });
  it('asks for a term when there is none', async () => {
    renderApp({ ...golven(), data: { term: '', groups: [] } }, '/zoeken');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zoeken' })).toBeInTheDocument();
  });
  it('builds group page links', () => {
    expect(searchGroupHref('café noir', 'artikel', 2)).toBe('/zoeken/caf%C3%A9%20noir?page=2&type=artikel');
    expect(searchGroupHref('x', 'artikel', 1)).toBe('/zoeken/x');
  });
});
