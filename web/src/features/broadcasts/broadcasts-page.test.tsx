import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixturePage } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const envelope = fixturePage('/uitzendingen');

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
  it('lists past broadcasts with their detail links', async () => {
    renderApp(envelope, '/uitzendingen');
    expect(await screen.findByRole('link', { name: 'De Ochtendploeg' })).toHaveAttribute(
      'href',
      '/uitzendingen/de-ochtendploeg/501/2026-11-21-de-ochtendploeg',
    );
  });
  it('filters by programme on submit', async () => {
    const { router } = renderApp(envelope, '/uitzendingen');
    await userEvent.selectOptions(await screen.findByLabelText('Programma'), 'de-ochtendploeg');
    await userEvent.click(screen.getByRole('button', { name: 'Toon uitzendingen' }));
    await waitFor(() => expect(router.state.location.search).toBe('?programme=de-ochtendploeg'));
  });
});
