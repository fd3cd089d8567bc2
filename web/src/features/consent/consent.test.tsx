import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '../../api/types';
import { SocialEmbed } from '../../components/social-embed';
import { dropPending, reportSilently, setBuffering, setErrorReporter } from '../../lib/error-reporting';
import { startErrorReporting } from '../error-reporting/error-reporting';
import { ConsentLink, CONSENT_LINK_DELAY_MS } from './consent-link';
import {
  categoriesFromCookie,
  getConsentState,
  hasConsent,
  onConsentChange,
  resetConsentStore,
  setConsentState,
} from './consent-store';

vi.mock('./consent', () => ({
  grantConsent: vi.fn(async (category: 'social' | 'analytics') => {
    const store = await import('./consent-store');
    store.setConsentState({ ...store.getConsentState(), [category]: true });
  }),
  openConsentSettings: vi.fn(async () => undefined),
  startConsent: vi.fn(),
}));

afterEach(() => {
  resetConsentStore();
  setErrorReporter(null);
  setBuffering(true);
  dropPending();
  vi.useRealTimers();
});

describe('the consent store', () => {
  it('starts with only necessary, reads the library cookie and tells listeners of changes', () => {
    expect(getConsentState()).toEqual({ necessary: true, analytics: false, social: false });
    const cookie = `x=1; cc_cookie=${encodeURIComponent(JSON.stringify({ categories: ['necessary', 'social'] }))}`;
    expect(categoriesFromCookie(cookie)).toEqual({ necessary: true, analytics: false, social: true });
    expect(categoriesFromCookie('cc_cookie=%7Bkapot')).toBeNull();
    expect(categoriesFromCookie('x=1')).toBeNull();
    const listener = vi.fn();
    const off = onConsentChange(listener);
    setConsentState({ necessary: true, analytics: true, social: false });
    setConsentState({ necessary: true, analytics: true, social: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(hasConsent('analytics')).toBe(true);
    off();
    setConsentState({ necessary: true, analytics: false, social: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('SocialEmbed', () => {
  const props = {
    provider: 'x',
    url: 'https://x.com/etherpolitiek/status/1860000000000000001',
    title: 'De stemmingen worden na middernacht verwacht.',
  };

  it('shows a placeholder without consent, and the post in a sandboxed frame after "Toestaan en tonen"', async () => {
    render(<SocialEmbed {...props} />);
    expect(screen.queryByTitle(/Bericht op X/)).not.toBeInTheDocument();
    expect(screen.getByText(/pas als je toestemming geeft/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Toestaan en tonen' }));
    const frame = await screen.findByTitle(/Bericht op X/);
    expect(frame.getAttribute('src')).toBe(
      'https://platform.twitter.com/embed/Tweet.html?id=1860000000000000001&dnt=true&lang=nl',
    );
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(hasConsent('social')).toBe(true);
  });

  it('shows a link card for a provider that cannot be framed', () => {
    setConsentState({ necessary: true, analytics: false, social: true });
    render(<SocialEmbed provider="tiktok" url="https://www.tiktok.com/@ether/video/1" title="Clip" />);
    expect(screen.queryByTitle(/Bericht op/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bekijk op TikTok' })).toHaveAttribute(
      'href',
      'https://www.tiktok.com/@ether/video/1',
    );
  });
});

function Navigator() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/nieuws')}>
      naar nieuws
    </button>
  );
}

describe('ConsentLink (spec §2, §9)', () => {
  it('appears 1000 ms after the first render and after each route change', () => {
    vi.useFakeTimers();
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <Navigator />
              <ConsentLink />
            </>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const link = () => screen.queryByRole('button', { name: 'Cookie-instellingen' });
    expect(link()).toBeNull();
    act(() => vi.advanceTimersByTime(CONSENT_LINK_DELAY_MS - 1));
    expect(link()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(link()).not.toBeNull();

    act(() => screen.getByRole('button', { name: 'naar nieuws' }).click());
    expect(router.state.location.pathname).toBe('/nieuws');
    expect(link()).toBeNull();
    act(() => vi.advanceTimersByTime(999));
    expect(link()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(link()).not.toBeNull();
  });
});

describe('error reporting follows the analytics consent', () => {
  const site = (dsn: string | null): SiteConfig => ({
    name: 'Ether',
    baseUrl: 'http://localhost:8080',
    siteCode: 'ether',
    defaultChannel: 'radio2',
    channels: [],
    errorReporting: dsn ? { dsn, tracesSampleRate: 0, environment: 'production' } : null,
  });

  it('loads the client only after consent, and stops it when consent is withdrawn', async () => {
    const capture = vi.fn();
    const client = { startSentry: vi.fn(() => capture), stopSentry: vi.fn(async () => undefined) };
    const load = vi.fn(async () => client);
    const stop = startErrorReporting(site('https://k@sentry.example/1'), load);
    reportSilently(new Error('voor toestemming'));
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(capture).not.toHaveBeenCalled();

    await act(async () => {
      setConsentState({ necessary: true, analytics: true, social: false });
      await load.mock.results[0]?.value;
    });
    expect(client.startSentry).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledWith(expect.objectContaining({ message: 'voor toestemming' }), undefined);

    setConsentState({ necessary: true, analytics: false, social: false });
    expect(client.stopSentry).toHaveBeenCalledTimes(1);
    reportSilently(new Error('na intrekken'));
    expect(capture).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing without a DSN', () => {
    const load = vi.fn();
    startErrorReporting(site(null), load);
    setConsentState({ necessary: true, analytics: true, social: false });
    expect(load).not.toHaveBeenCalled();
  });
});
