import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EVENTS_ENDPOINT,
  hasAnalyticsConsent,
  radioBlockCounterEvent,
  setAnalyticsConsent,
  trackEvent,
} from './analytics';

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

afterEach(() => {
  setAnalyticsConsent(false);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('radioBlockCounterEvent', () => {
  it('names the event after the slugified title and the slug (spec §2)', () => {
    expect(radioBlockCounterEvent({ title: 'Top 40', slug: 'top-40', urlType: 'external' })).toEqual({
      name: 'player_radioblok_counter_top-40_top-40',
      type: 'exit',
    });
    expect(
      radioBlockCounterEvent({ title: 'Café Ether  Live!', slug: 'cafe-ether', urlType: 'internal' }),
    ).toEqual({ name: 'player_radioblok_counter_cafe-ether-live_cafe-ether', type: 'navigation' });
  });

  it('keeps names within what the server accepts', () => {
    const { name } = radioBlockCounterEvent({ title: 'x'.repeat(400), slug: 'Ä B', urlType: '' });
    expect(name.length).toBeLessThanOrEqual(200);
    expect(name).toMatch(/^[a-z0-9_-]+$/);
  });
});

describe('trackEvent', () => {
  it('sends nothing without analytics consent', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    expect(hasAnalyticsConsent()).toBe(false);
    expect(trackEvent({ name: 'a', type: 'exit' })).toBe(false);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('posts the event as JSON once consent is given', async () => {
    const beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    setAnalyticsConsent(true);
    expect(trackEvent({ name: 'player_radioblok_counter_a_b', type: 'navigation' })).toBe(true);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = must(beacon.mock.calls[0]);
    expect(url).toBe(EVENTS_ENDPOINT);
    expect(JSON.parse(await readBlob(blob))).toEqual({
      name: 'player_radioblok_counter_a_b',
      type: 'navigation',
    });
  });

  it('falls back to fetch with keepalive when there is no beacon', () => {
    vi.stubGlobal('navigator', {});
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    setAnalyticsConsent(true);
    expect(trackEvent({ name: 'a', type: 'exit' })).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(
      EVENTS_ENDPOINT,
      expect.objectContaining({ method: 'POST', keepalive: true, body: '{"name":"a","type":"exit"}' }),
    );
  });
});
