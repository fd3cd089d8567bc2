import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchSuggestions } from '../../api/types';
import { envelopesByPath, homeEnvelope, notFoundEnvelope } from '../../test/fixtures';
import { pageFetch, renderApp } from '../../test/render-app';
import { dropPending, setErrorReporter } from '../../lib/error-reporting';
import { HttpError } from '../../lib/http';
import { SUGGEST_DELAY_MS } from './search-combobox';
import { letTimePass, startFakeClock } from '../../test/fake-clock';

const answer: SearchSuggestions = {
  term: 'golven',
  total: 2,
  suggestions: [
    {
      type: 'fragment',
      label: 'Fragmenten',
      title: 'Live in de studio',
      subtitle: 'De Golven speelt live',
      url: '/fragmenten/de-ochtendploeg/301/2026-11-20-live-in-de-studio',
      imageUrl: '',
    },
    {
      type: 'track',
      label: 'Gedraaide nummers',
      title: 'Zomeravond',
      subtitle: 'De Golven',
      url: '/gedraaid',
      imageUrl: '',
    },
  ],
};

function stubFetch(suggest: (url: string) => Response | Promise<Response>) {
  const pages = pageFetch(envelopesByPath, notFoundEnvelope);
  const mock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>((input) => {
    const url = String(input);
    return url.startsWith('/api/search/') ? Promise.resolve(suggest(url)) : pages(input);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const searchCalls = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/search/'));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setErrorReporter(null);
  dropPending();
});

// Typing with user-event is slow on a busy machine; no assertion here depends on time.
describe('SearchForm', { timeout: 30_000 }, () => {
  it('shows debounced suggestions in a listbox and announces their count', async () => {
    const mock = stubFetch(() => json(answer));
    renderApp(homeEnvelope);
    const box = screen.getByRole('combobox', { name: 'Zoeken' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, 'golven');
    const list = await screen.findByRole('listbox', { name: 'Suggesties' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Live in de studioFragmenten · De Golven speelt live',
      'ZomeravondGedraaide nummers · De Golven',
    ]);
    expect(await screen.findByText('2 suggesties')).toBeInTheDocument();
    // Debounced: at most a request per pause in typing, and each earlier one was aborted.
    const calls = mock.mock.calls.filter(([url]) => String(url).startsWith('/api/search/'));
    expect(calls.at(-1)?.[0]).toBe('/api/search/golven');
    expect(calls.length).toBeLessThan('golven'.length);
    for (const [, init] of calls.slice(0, -1)) expect(init?.signal?.aborted).toBe(true);
  });

  it('moves the active option with the arrow keys and opens it with Enter', async () => {
    stubFetch(() => json(answer));
    const { router } = renderApp(homeEnvelope);
    const box = screen.getByRole('combobox', { name: 'Zoeken' });
    await userEvent.type(box, 'golven');
    await screen.findByRole('listbox');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{ArrowDown}');
    const [first, second] = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', first?.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', second?.id);
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', first?.id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/gedraaid'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the results page on Enter without an active option', async () => {
    stubFetch(() => json(answer));
    const { router } = renderApp(homeEnvelope);
    await userEvent.type(screen.getByRole('combobox', { name: 'Zoeken' }), 'golven');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/zoeken/golven'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zoekresultaten voor ‘golven’' }),
    ).toBeInTheDocument();
  });

  it('closes on Escape and on a click outside, and reopens with an arrow key', async () => {
    stubFetch(() => json(answer));
    renderApp(homeEnvelope);
    const box = screen.getByRole('combobox', { name: 'Zoeken' });
    await userEvent.type(box, 'golven');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('contentinfo'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a suggestion on click', async () => {
    stubFetch(() => json(answer));
    const { router } = renderApp(homeEnvelope);
    await userEvent.type(screen.getByRole('combobox', { name: 'Zoeken' }), 'golven');
    await userEvent.click(await screen.findByRole('option', { name: /Live in de studio/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(answer.suggestions[0]?.url));
  });

  it('says so when suggestions cannot be loaded, and reports the failure (spec §7)', async () => {
    stubFetch(() => json({ error: { code: 'internal', message: 'kapot' } }, 500));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reporter = vi.fn();
    setErrorReporter(reporter);
    renderApp(homeEnvelope);
    await userEvent.type(screen.getByRole('combobox', { name: 'Zoeken' }), 'golven');
    expect(await screen.findByText('Suggesties konden niet worden geladen')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(reporter).toHaveBeenCalledWith(expect.any(HttpError), { url: '/api/search/golven' });
  });

  it('says what it needs when a blank term is submitted, and stays on the page (issue 51 polish)', async () => {
    const mock = stubFetch(() => json(answer));
    const { router } = renderApp(homeEnvelope);
    const box = screen.getByRole('combobox', { name: 'Zoeken' });
    await userEvent.type(box, '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Zoek' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Typ eerst waar je naar zoekt.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Typ eerst waar je naar zoekt.');
    expect(box).toHaveFocus();
    expect(router.state.location.pathname).toBe('/');
    expect(searchCalls(mock)).toEqual([]);
    await userEvent.type(box, 'golven');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('asks nothing for a blank term', async () => {
    startFakeClock();
    const mock = stubFetch(() => json(answer));
    renderApp(homeEnvelope);
    await userEvent.type(screen.getByRole('combobox', { name: 'Zoeken' }), '   ');
    // Well past the suggestions' delay: a request that waited for it would be out.
    await letTimePass(SUGGEST_DELAY_MS * 10);
    expect(searchCalls(mock)).toEqual([]);
  });
});
