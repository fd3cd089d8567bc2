import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HttpError,
  NetworkError,
  fetchPage,
  PageMovedError,
  pageApiUrl,
  readEmbeddedPage,
  readEmbeddedSite,
} from './page-client';
import { homeEnvelope, notFoundEnvelope, site } from '../test/fixtures';

afterEach(() => vi.unstubAllGlobals());

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('page client', () => {
  it('reads the embedded JSON scripts', () => {
    document.body.innerHTML = `<script type="application/json" id="ether-site">${JSON.stringify(site)}</script>
      <script type="application/json" id="ether-page">${JSON.stringify(homeEnvelope)}</script>`;
    expect(readEmbeddedSite()?.defaultChannel).toBe('radio2');
    expect(readEmbeddedPage()?.route).toBe('home');
    document.body.innerHTML = '<script type="application/json" id="ether-page">{kapot</script>';
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readEmbeddedPage()).toBeNull();
  });

  it('encodes the path with its search', () => {
    expect(pageApiUrl('/gids/2026/11/21?channel=radio2')).toBe(
      '/api/page?path=%2Fgids%2F2026%2F11%2F21%3Fchannel%3Dradio2',
    );
  });

  it('returns envelopes, also a 404 one', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(200, homeEnvelope))
      .mockResolvedValueOnce(json(404, notFoundEnvelope));
    vi.stubGlobal('fetch', fetchMock);
    expect((await fetchPage('/')).route).toBe('home');
    expect((await fetchPage('/nieuws/sport/9/x')).route).toBe('not-found');
    expect(fetchMock).toHaveBeenCalledWith('/api/page?path=%2F', expect.anything());
  });

  it('throws PageMovedError for a page that moved (an old link), never for another origin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(200, { movedTo: '/programmas/ochtendradio?page=2' })),
    );
    await expect(fetchPage('/programmas/ochtend?page=2')).rejects.toEqual(
      new PageMovedError('/programmas/ochtendradio?page=2'),
    );
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, { movedTo: '//elders.example/x' })));
    await expect(fetchPage('/programmas/ochtend')).rejects.toBeInstanceOf(HttpError);
  });

  it('returns the 403 envelope of a refused preview', async () => {
    const refused = { ...notFoundEnvelope, status: 403, title: 'Geen toegang tot dit voorbeeld - Ether' };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(403, refused)));
    const envelope = await fetchPage('/overzicht/preview/6?x-craft-live-preview=x');
    expect(envelope.status).toBe(403);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(403, { error: { code: 'x', message: 'y' } })));
    await expect(fetchPage('/')).rejects.toBeInstanceOf(HttpError);
  });

  it('throws HttpError on other failures and NetworkError when offline', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(500, { error: { code: 'x', message: 'y' } })));
    await expect(fetchPage('/')).rejects.toBeInstanceOf(HttpError);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchPage('/')).rejects.toBeInstanceOf(NetworkError);
  });
});
