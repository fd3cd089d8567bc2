import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const runCookieConsent = vi.fn(async () => undefined);
vi.mock('./cookie-consent', () => ({
  runCookieConsent,
  showPreferences: vi.fn(),
  acceptCategory: vi.fn(),
}));

// Frames are run by hand: the promise must wait for the frame after the library's run.
let frames: FrameRequestCallback[] = [];

beforeEach(() => {
  vi.resetModules();
  runCookieConsent.mockClear();
  runCookieConsent.mockImplementation(async () => undefined);
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'cc_cookie=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
}

function paintFrame() {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
}

describe('startConsent', () => {
  it('on a first visit runs the library at once and resolves after the frame that follows', async () => {
    const { startConsent } = await import('./consent');
    const drawn = startConsent(document);
    expect(await settled(drawn)).toBe(false);
    expect(runCookieConsent).toHaveBeenCalledTimes(1);
    paintFrame();
    expect(await settled(drawn)).toBe(true);
  });

  it('resolves when the library cannot load, and no longer holds back what waits for a choice', async () => {
    runCookieConsent.mockImplementation(async () => {
      throw new Error('offline');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { startConsent } = await import('./consent');
    const { isConsentSettled } = await import('./consent-store');
    const drawn = startConsent(document);
    await settled(drawn);
    paintFrame();
    expect(await settled(drawn)).toBe(true);
    expect(isConsentSettled()).toBe(true);
  });

  it('with a stored choice resolves at once and leaves the library for later', async () => {
    const expires = Date.now() + 86_400_000;
    document.cookie = `cc_cookie=${encodeURIComponent(
      JSON.stringify({ categories: ['necessary'], expirationTime: expires }),
    )}`;
    const { startConsent } = await import('./consent');
    expect(await settled(startConsent(document))).toBe(true);
    expect(runCookieConsent).not.toHaveBeenCalled();
  });
});
