import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopesByPath, fixturePage, homeEnvelope, notFoundEnvelope } from '../test/fixtures';
import { pageFetch, renderApp } from '../test/render-app';
import { dropPending, setErrorReporter } from '../lib/error-reporting';
import { NetworkError } from '../lib/http';
import { preloadPage } from './page-registry';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setErrorReporter(null);
  dropPending();
});

describe('the app', () => {
  it('renders the embedded first page without fetching', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderApp(homeEnvelope);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nu op Ether Radio 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Oranje wint in de slotminuut' })).toHaveAttribute(
      'href',
      '/nieuws/sport/1201/oranje-wint-in-de-slotminuut',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.getElementById('player-slot')).toHaveTextContent('Ether Radio 2');
    expect(document.title).toBe('Ether | Ether');
    // The mini player asks for its live data; the page itself is not fetched again.
    const pageCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/page'));
    expect(pageCalls).toHaveLength(0);
  });

  it('fetches the next page on navigation, updates the head, focuses and announces', async () => {
    const fetchMock = vi.fn(pageFetch(envelopesByPath, notFoundEnvelope));
    vi.stubGlobal('fetch', fetchMock);
    renderApp(homeEnvelope);
    const player = document.getElementById('player-slot');
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Nieuws' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Nieuws' });
    expect(fetchMock).toHaveBeenCalledWith('/api/page?path=%2Fnieuws', expect.anything());
    await waitFor(() => expect(document.title).toBe('Nieuws | Ether'));
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://127.0.0.1:18080/nieuws',
    );
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Nieuws op Ether.');
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText('Pagina geladen: Nieuws | Ether')).toBeInTheDocument();
    // The mini player stays mounted: the very same element survives the navigation.
    expect(document.getElementById('player-slot')).toBe(player);
  });

  it('keeps the page it navigated to, and the focus on its heading, when the route renders again', async () => {
    // The guide answers a second time with a new title, as when the store changed in between.
    const guide = fixturePage('/gids');
    const updated = { ...guide, title: 'Gids (bijgewerkt) | Ether' };
    let guideRequests = 0;
    const answer = pageFetch({ ...envelopesByPath, '/gids': guide }, notFoundEnvelope);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/page?path=%2Fgids') && guideRequests++ > 0
          ? new Response(JSON.stringify(updated), { headers: { 'Content-Type': 'application/json' } })
          : answer(input),
      ),
    );
    // Urgent updates: React commits the page through its lazy component while the chunk loads.
    const { router } = renderApp(homeEnvelope, '/', undefined, { useTransitions: false });
    await router.navigate('/gids');
    const heading = await screen.findByRole('heading', { level: 1, name: /^Gids/ });
    await waitFor(() => expect(heading).toHaveFocus());
    // A later render of the route (here a revalidation) must not mount the page anew: its new
    // heading would not have the focus, and the listener would be left on the body.
    await router.revalidate();
    await waitFor(() => expect(document.title).toBe('Gids (bijgewerkt) | Ether'));
    expect(screen.getByRole('heading', { level: 1, name: /^Gids/ })).toBe(heading);
    expect(heading).toHaveFocus();
  });

  it('renders a lazily loaded first page in the first commit once its chunk is preloaded', async () => {
    vi.stubGlobal('fetch', vi.fn(pageFetch(envelopesByPath, notFoundEnvelope)));
    await preloadPage(notFoundEnvelope.route);
    renderApp(notFoundEnvelope, '/bestaat-niet');
    // No loading state first (it would push the footer down when the page arrives).
    expect(
      screen.getByRole('heading', { level: 1, name: 'Deze pagina bestaat niet (meer)' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Pagina laden…')).not.toBeInTheDocument();
  });

  it("follows an old link to the page's current address, as a full load's 301 does", async () => {
    const answerPages = pageFetch(envelopesByPath, notFoundEnvelope);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').searchParams.get('path') === '/oude-nieuws-slug?page=2'
          ? new Response(JSON.stringify({ movedTo: '/nieuws?page=2' }), {
              headers: { 'Content-Type': 'application/json' },
            })
          : answerPages(input),
      ),
    );
    const { router } = renderApp(homeEnvelope);
    await router.navigate('/oude-nieuws-slug?page=2');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/nieuws?page=2'),
    );
  });

  it('renders a 404 envelope as the Dutch not-found page', async () => {
    vi.stubGlobal('fetch', vi.fn(pageFetch({}, notFoundEnvelope)));
    const { router } = renderApp(homeEnvelope);
    await router.navigate('/nieuws/sport/999999/bestaat-niet');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deze pagina bestaat niet (meer)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bekijk de gids' })).toHaveAttribute('href', '/gids');
  });

  it('shows a Dutch error with retry when loading fails', async () => {
    // The first page request finds no network; the mini player's own calls go on as usual.
    let pageRequests = 0;
    const answer = pageFetch(envelopesByPath, notFoundEnvelope);
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).startsWith('/api/page') && pageRequests++ === 0)
        throw new TypeError('Failed to fetch');
      return answer(input);
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp(homeEnvelope);
    await router.navigate('/gids');
    expect(await screen.findByRole('heading', { level: 1, name: 'Geen verbinding' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Controleer je internetverbinding');
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gids Ether Radio 2' })).toBeInTheDocument();
  });

  it('reports a failed page load to error reporting while the listener reads why (spec §7)', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = pageFetch(envelopesByPath, notFoundEnvelope);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).startsWith('/api/page')) throw new TypeError('Failed to fetch');
        return answer(input);
      }),
    );
    const { router } = renderApp(homeEnvelope);
    await router.navigate('/gids?channel=radio1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Geen verbinding' })).toBeInTheDocument();
    expect(reporter).toHaveBeenCalledWith(expect.any(NetworkError), { path: '/gids?channel=radio1' });
  });

  it('reports HTTP failures with their status', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('kapot', { status: 503 })));
    const { router } = renderApp(homeEnvelope);
    await router.navigate('/podcasts');
    expect(await screen.findByText(/foutcode 503/)).toBeInTheDocument();
  });

  it('explains a 400 for a malformed date or hour slot in Dutch', async () => {
    const body = JSON.stringify({ error: { code: 'bad_parameter', message: 'bad time' } });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(body, { status: 400 })));
    const { router } = renderApp(homeEnvelope);
    await router.navigate('/gedraaid?time=25_26');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ongeldige link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('een datum of tijdvak dat niet bestaat');
  });

  it('moves a navigation to /live/ to /live, as the server does, and hides the player there (spec §2)', async () => {
    const fetchMock = vi.fn(pageFetch(envelopesByPath, notFoundEnvelope));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp(homeEnvelope);
    expect(document.getElementById('player-slot')).not.toBeNull();
    await router.navigate('/live/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/live'));
    const pageCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/page'));
    expect(pageCalls).toEqual(['/api/page?path=%2Flive']);
    await waitFor(() => expect(document.getElementById('player-slot')).toBeNull());
  });

  it('renders app variants without header, footer and player', async () => {
    const envelope = envelopesByPath['/app/thema/zomer'];
    if (!envelope) throw new Error('fixture missing');
    renderApp(envelope, '/app/thema/zomer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zomer op Ether' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(document.getElementById('player-slot')).toBeNull();
  });

  it('submits the header search to /zoeken/{term}', async () => {
    const fetchMock = vi.fn(pageFetch(envelopesByPath, notFoundEnvelope));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp(homeEnvelope);
    await userEvent.type(screen.getByRole('combobox', { name: 'Zoeken' }), 'golven{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Zoekresultaten voor ‘golven’' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/zoeken/golven');
  });

  it.each(Object.entries(envelopesByPath))('renders %s with a single h1', async (path, envelope) => {
    renderApp(envelope, path);
    const headings = await screen.findAllByRole('heading', { level: 1 }, { timeout: 4000 });
    expect(headings).toHaveLength(1);
  });
});

describe('content-management previews', () => {
  it('hide the player slot', async () => {
    renderApp(fixturePage('/overzicht/zomer'), '/overzicht/preview/5?x-craft-live-preview=abc');
    await screen.findByRole('heading', { level: 1, name: 'Zomer op Ether' });
    expect(document.getElementById('player-slot')).toBeNull();
  });
});
