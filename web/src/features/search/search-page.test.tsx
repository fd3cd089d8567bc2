import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageEnvelope, SearchData } from '../../api/types';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('SearchPage', () => {
  it('groups the hits', async () => {
    renderApp(fixturePage('/zoeken/golven'), '/zoeken/golven');
    expect(await screen.findByRole('heading', { level: 2, name: 'Muziek (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Fragmenten (1)' })).toBeInTheDocument();
    expect(screen.getByText('2 resultaten')).toBeInTheDocument();
  });
  it('says when nothing was found', async () => {
    const envelope = fixturePage('/zoeken/golven') as PageEnvelope<SearchData>;
    renderApp({ ...envelope, data: { term: 'xyz', groups: [] } }, '/zoeken/xyz');
    expect(await screen.findByText(/Geen resultaten gevonden voor ‘xyz’/)).toBeInTheDocument();
  });
});
