import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotFoundData, PageEnvelope } from '../../api/types';
import { notFoundEnvelope } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

describe('NotFoundPage', () => {
  it('says in Dutch that a page does not exist', async () => {
    renderApp(notFoundEnvelope, '/bestaat-niet');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deze pagina bestaat niet (meer)' }),
    ).toBeInTheDocument();
  });

  it('names its own search form apart from the header one (no two identical landmarks)', async () => {
    renderApp(notFoundEnvelope, '/bestaat-niet');
    await screen.findByRole('heading', { level: 1 });
    const names = screen.getAllByRole('search').map((form) => form.getAttribute('aria-label'));
    expect(names).toEqual(['Zoeken op de site', 'Zoek verder']);
    expect(new Set(names).size).toBe(names.length);
  });

  it('explains a refused preview (403) without showing the page', async () => {
    const path = '/overzicht/preview/6?x-craft-live-preview=verlopen';
    const envelope: PageEnvelope<NotFoundData> = {
      ...notFoundEnvelope,
      status: 403,
      data: {
        path: '/overzicht/preview/6',
        message: 'Deze voorbeeldlink is verlopen. Vraag een nieuwe link aan.',
      },
    };
    renderApp(envelope, path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Geen toegang tot dit voorbeeld' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Deze voorbeeldlink is verlopen/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Radiospeler' })).toBeNull();
  });
});
