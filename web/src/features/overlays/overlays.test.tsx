import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { letTimePass, startFakeClock } from '../../test/fake-clock';
import { envelopesByPath, homeEnvelope, notFoundEnvelope } from '../../test/fixtures';
import { setErrorReporter } from '../../lib/error-reporting';
import { resetConsentStore, setConsentState, settleConsent } from '../consent/consent-store';
import { HttpError } from '../../lib/http';
import { pageFetch, renderApp } from '../../test/render-app';
import { CountClock } from './count-clock-view';
import { MaintenanceBanner } from './maintenance-banner';
import { SERVER_BANNER_CLOSED } from './server-banner-event';
import { prefetchMaintenanceNotifications } from './overlays';
import { modalBlock, notification } from './test-data';
import type { EventModalBlock, MaintenanceNotification } from './types';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers the two overlay endpoints with the given lists (or a 500 for null), the page API as usual. */
function overlayFetch(blocks: EventModalBlock[] | null, notifications: MaintenanceNotification[] | null) {
  const pages = pageFetch(envelopesByPath, notFoundEnvelope);
  return vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
    const url = String(input);
    if (url.startsWith('/api/eventmodal/content')) {
      return blocks ? json({ data: { cmsContentBlocks: { data: blocks } } }) : json({ error: 'kapot' }, 500);
    }
    if (url.startsWith('/api/maintenance-notification')) {
      return notifications
        ? json({ data: { maintenanceNotifications: { data: notifications } } })
        : json({ error: 'kapot' }, 500);
    }
    if (url.startsWith('/api/page')) return pages(input);
    return json({}, 404);
  });
}

const overlayCalls = (fetchMock: ReturnType<typeof overlayFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(path)).length;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.cookie = 'ether_maintenance_dismissed=; Path=/; Max-Age=0';
  // A stored consent choice: the consent box is out of the way (its order is tested below).
  resetConsentStore();
  settleConsent();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

// The modal's lazy chunk, loaded before any test: a test that shows the modal does not open within
// some time lets that time pass on a fake clock, which a first import on the real one would outlast.
beforeAll(async () => {
  await import('./event-modal');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the event modal', () => {
  it('shows on a first visit as a labelled modal dialog and closes on Escape, for good', async () => {
    vi.stubGlobal(
      'fetch',
      overlayFetch([modalBlock({ id: 1, published: false }), modalBlock({ id: 7 })], []),
    );
    renderApp(homeEnvelope);
    const dialog = await screen.findByRole('dialog', { name: 'De Top 2000 Dagen komen eraan!' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Stem nu op je favoriete platen.');
    expect(dialog).toHaveTextContent('Nog even en de lijst begint');
    expect(screen.getByRole('timer')).toBeInTheDocument();
    // The close button takes focus in an effect after the dialog is drawn, as in the tests below.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sluiten' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('isModalChecked')).toBe('1');
    expect(JSON.parse(localStorage.getItem('modalsShown') ?? '[]')).toEqual([7]);
  });

  it('closes on the close button and on a backdrop click, not on a click inside the panel', async () => {
    vi.stubGlobal('fetch', overlayFetch([modalBlock()], []));
    const first = renderApp(homeEnvelope);
    await userEvent.click(await screen.findByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    sessionStorage.clear();
    localStorage.clear();
    renderApp(homeEnvelope);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(screen.getByText('Stem nu op je favoriete platen.'));
    expect(dialog).toBeInTheDocument();
    const backdrop = dialog.parentElement;
    if (!backdrop) throw new Error('no backdrop');
    await userEvent.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('modalsShown') ?? '[]')).toEqual([7]);
  });

  it('closes on the call-to-action, which navigates in the app', async () => {
    const fetchMock = overlayFetch(
      [modalBlock({ relatedUrl: '/nieuws', relatedUrlText: 'Naar het nieuws' })],
      [],
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderApp(homeEnvelope);
    const cta = await screen.findByRole('link', { name: 'Naar het nieuws' });
    expect(cta).toHaveAttribute('href', '/nieuws');
    await userEvent.click(cta);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/nieuws'));
    expect(sessionStorage.getItem('isModalChecked')).toBe('1');
  });

  it('keeps focus inside while open and gives it back on close', async () => {
    vi.stubGlobal('fetch', overlayFetch([modalBlock()], []));
    renderApp(homeEnvelope);
    const close = await screen.findByRole('button', { name: 'Sluiten' });
    const cta = screen.getByRole('link', { name: 'Stem en lees meer' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.tab();
    expect(cta).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(cta).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    // Nothing had focus before it opened: focus goes to the main content, never to the body.
    expect(document.getElementById('main')).toHaveFocus();
  });

  it('waits for the consent choice, then opens, and on close gives focus back to where it was', async () => {
    startFakeClock();
    resetConsentStore();
    vi.stubGlobal('fetch', overlayFetch([modalBlock()], [notification()]));
    renderApp(homeEnvelope);
    // The banner is no dialog: it shows at once. The modal waits for the consent box.
    await screen.findByRole('region', { name: 'Onderhoudsmelding' });
    await waitFor(() =>
      expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/eventmodal/content', expect.anything()),
    );
    await letTimePass(10_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The listener is somewhere on the page, then makes the consent choice.
    const link = screen.getAllByRole('link', { name: 'Gids' })[0];
    if (!link) throw new Error('no Gids link');
    link.focus();
    act(() => setConsentState({ necessary: true, analytics: false, social: false }, true));
    const close = await screen.findByRole('button', { name: 'Sluiten' });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(link).toHaveFocus();
  });

  it('is not fetched once isModalChecked is set', async () => {
    sessionStorage.setItem('isModalChecked', '1');
    const fetchMock = overlayFetch([modalBlock()], []);
    vi.stubGlobal('fetch', fetchMock);
    renderApp(homeEnvelope);
    await waitFor(() => expect(overlayCalls(fetchMock, '/api/maintenance-notification')).toBe(1));
    expect(overlayCalls(fetchMock, '/api/eventmodal/content')).toBe(0);
  });

  it('shows nothing and sets isModalChecked when it was shown before', async () => {
    localStorage.setItem('modalsShown', '[7]');
    const fetchMock = overlayFetch([modalBlock()], []);
    vi.stubGlobal('fetch', fetchMock);
    renderApp(homeEnvelope);
    await waitFor(() => expect(sessionStorage.getItem('isModalChecked')).toBe('1'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown on its related path, nor fetched in an app view', async () => {
    startFakeClock();
    vi.stubGlobal('fetch', overlayFetch([modalBlock({ relatedUrl: '/nieuws' })], []));
    const { router, unmount } = renderApp(homeEnvelope, '/nieuws');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nieuws'));
    await waitFor(() =>
      expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/eventmodal/content', expect.anything()),
    );
    await letTimePass(10_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    const fetchMock = overlayFetch([modalBlock()], [notification()]);
    vi.stubGlobal('fetch', fetchMock);
    renderApp(homeEnvelope, '/app/nieuws');
    // The app view is up before nothing is looked for.
    await screen.findByRole('main');
    await letTimePass(10_000);
    expect(overlayCalls(fetchMock, '/api/eventmodal/content')).toBe(0);
    expect(overlayCalls(fetchMock, '/api/maintenance-notification')).toBe(0);
  });

  it('reports a failed fetch silently and shows nothing', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    vi.stubGlobal('fetch', overlayFetch(null, null));
    renderApp(homeEnvelope);
    await waitFor(() => expect(reporter).toHaveBeenCalledTimes(2));
    setErrorReporter(null);
    expect(reporter.mock.calls.map(([error]) => error instanceof HttpError)).toEqual([true, true]);
    expect(console.error).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Onderhoudsmelding' })).not.toBeInTheDocument();
  });
});

describe('the count clock', () => {
  it('ticks every second and a countdown stops at zero', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-12-24T22:59:58Z'));
    render(<CountClock mode="countdown" target={Date.parse('2026-12-24T23:00:00Z')} caption="Nog even" />);
    const timer = screen.getByRole('timer');
    expect(screen.getByText('Nog even')).toBeInTheDocument();
    expect(timer).toHaveAttribute('aria-label', '0 dagen, 0 uur, 0 minuten, 2 seconden');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveAttribute('aria-label', '0 dagen, 0 uur, 0 minuten, 1 seconde');
    act(() => vi.advanceTimersByTime(5000));
    expect(timer).toHaveAttribute('aria-label', '0 dagen, 0 uur, 0 minuten, 0 seconden');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts up from its start', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-02T01:00:05Z'));
    render(<CountClock mode="countup" target={Date.parse('2026-11-01T00:00:00Z')} caption={null} />);
    expect(screen.getByRole('timer')).toHaveAttribute('aria-label', '1 dag, 1 uur, 0 minuten, 5 seconden');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('timer')).toHaveAttribute('aria-label', '1 dag, 1 uur, 0 minuten, 7 seconden');
  });
});

describe('the maintenance banner', () => {
  it('shows the first undismissed notification, and dismissing keeps it away', async () => {
    vi.stubGlobal(
      'fetch',
      overlayFetch([], [notification({ id: 3 }), notification({ id: 4, title: 'Tweede' })]),
    );
    const first = renderApp(homeEnvelope);
    const banner = await screen.findByRole('region', { name: 'Onderhoudsmelding' });
    expect(banner).toHaveTextContent('Gepland onderhoud');
    const more = screen.getByRole('link', { name: /Lees meer/ });
    expect(more).toHaveAttribute('href', 'https://status.ether.example/onderhoud');
    expect(more).toHaveAttribute('target', '_blank');
    expect(more.getAttribute('rel')).toContain('noopener');
    const close = screen.getByRole('button', { name: 'Sluit deze melding' });
    expect(close).toHaveAttribute('title', 'Sluit deze melding');
    await userEvent.click(close);
    expect(screen.queryByRole('region', { name: 'Onderhoudsmelding' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('ether-maintenance-notifications') ?? '[]')).toEqual([3]);
    // The server, which draws the banner into the next page's HTML, is told too.
    expect(document.cookie).toContain('ether_maintenance_dismissed=3');
    first.unmount();

    renderApp(homeEnvelope);
    expect(await screen.findByRole('region', { name: 'Onderhoudsmelding' })).toHaveTextContent('Tweede');
  });

  it("drops the notification closed in the server's HTML while the app was drawing its page", async () => {
    vi.stubGlobal('fetch', overlayFetch([], [notification({ id: 3 })]));
    renderApp(homeEnvelope);
    expect(await screen.findByRole('region', { name: 'Onderhoudsmelding' })).toBeInTheDocument();
    act(() => void document.dispatchEvent(new CustomEvent(SERVER_BANNER_CLOSED, { detail: 4 })));
    expect(screen.getByRole('region', { name: 'Onderhoudsmelding' })).toBeInTheDocument();
    act(() => void document.dispatchEvent(new CustomEvent(SERVER_BANNER_CLOSED, { detail: 3 })));
    expect(screen.queryByRole('region', { name: 'Onderhoudsmelding' })).not.toBeInTheDocument();
  });

  it('tells the server of notifications closed before it had the cookie', async () => {
    localStorage.setItem('ether-maintenance-notifications', JSON.stringify([3, 8]));
    vi.stubGlobal(
      'fetch',
      overlayFetch([], [notification({ id: 3 }), notification({ id: 9, title: 'Nieuw' })]),
    );
    renderApp(homeEnvelope);
    expect(await screen.findByRole('region', { name: 'Onderhoudsmelding' })).toHaveTextContent('Nieuw');
    expect(document.cookie).toContain('ether_maintenance_dismissed=3.8');
  });

  it('is in the first render when prefetched before it, and not fetched a second time', async () => {
    const fetchMock = overlayFetch([], [notification({ id: 5, title: 'Vooraf geladen' })]);
    vi.stubGlobal('fetch', fetchMock);
    await prefetchMaintenanceNotifications();
    renderApp(homeEnvelope);
    // Synchronously after the first render: the banner pushes nothing down later.
    expect(screen.getByRole('region', { name: 'Onderhoudsmelding' })).toHaveTextContent('Vooraf geladen');
    await waitFor(() => expect(overlayCalls(fetchMock, '/api/eventmodal/content')).toBe(1));
    expect(overlayCalls(fetchMock, '/api/maintenance-notification')).toBe(1);
  });

  it('a failed prefetch settles without a banner, and the failure is reported once', async () => {
    const reports: unknown[] = [];
    setErrorReporter((error) => reports.push(error));
    vi.stubGlobal('fetch', overlayFetch([], null));
    await expect(prefetchMaintenanceNotifications()).resolves.toBeUndefined();
    renderApp(homeEnvelope);
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Onderhoudsmelding' })).not.toBeInTheDocument();
    setErrorReporter(null);
  });

  it('has no link without a url and no close button when not dismissable', () => {
    render(
      <MaintenanceBanner
        notification={notification({ url: null, isDismissable: false })}
        onDismiss={() => undefined}
      />,
    );
    expect(screen.getByRole('region', { name: 'Onderhoudsmelding' })).toHaveTextContent('Gepland onderhoud');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sluit deze melding' })).not.toBeInTheDocument();
  });

  it('shows its description with the title, behind no toggle (spec §2)', () => {
    render(<MaintenanceBanner notification={notification()} onDismiss={() => undefined} />);
    const banner = screen.getByRole('region', { name: 'Onderhoudsmelding' });
    expect(within(banner).getByText('Gepland onderhoud').tagName).toBe('STRONG');
    expect(banner).toHaveTextContent(notification().description);
    expect(
      within(banner)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Sluit deze melding']);
    expect(banner.querySelector('[aria-expanded]')).toBeNull();
  });
});
