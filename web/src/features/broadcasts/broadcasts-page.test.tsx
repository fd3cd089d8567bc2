import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastsData } from '../../api/types';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const envelope = fixturePage('/uitzendingen');
const listData = envelope.data as BroadcastsData;

// The first render loads the whole app, which takes a while on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('BroadcastsPage', () => {
  it('lists each hour of a broadcast as its own item, newest first, with its slot label', async () => {
    renderApp(envelope, '/uitzendingen');
    const links = await screen.findAllByRole('link', { name: 'De Ochtendploeg' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg/08-uur',
      '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg/07-uur',
      '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg/06-uur',
    ]);
    expect(screen.getByText('Zaterdag 21 november 2026 08 - 09 uur')).toHaveAttribute(
      'datetime',
      '2026-11-21T07:00:00Z',
    );
    expect(screen.getByText('Zaterdag 21 november 2026 06 - 07 uur')).toBeInTheDocument();
  });
  it('explains the empty list', async () => {
    renderApp(
      {
        ...envelope,
        data: { ...listData, broadcasts: [], paging: { page: 1, pageCount: 1, total: 0 } },
      },
      '/uitzendingen',
    );
    expect(
      await screen.findByText(/Alleen afgelopen uitzendingen waarvan een opname is/),
    ).toBeInTheDocument();
  });
  it('pages with links that keep the programme', async () => {
    renderApp(
      {
        ...envelope,
        data: {
          ...listData,
          programme: 'de-ochtendploeg',
          paging: { page: 1, pageCount: 2, total: 13 },
        },
      },
      '/uitzendingen?programme=de-ochtendploeg',
    );
    expect(await screen.findByRole('link', { name: /Volgende/ })).toHaveAttribute(
      'href',
      '/uitzendingen?page=2&programme=de-ochtendploeg',
    );
  });
  it('filters by programme on submit', async () => {
    const { router } = renderApp(envelope, '/uitzendingen');
    await userEvent.selectOptions(await screen.findByLabelText('Programma'), 'de-ochtendploeg');
    await userEvent.click(screen.getByRole('button', { name: 'Toon uitzendingen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?programme=de-ochtendploeg'));
  });
});
