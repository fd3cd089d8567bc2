import { describe, expect, it } from 'vitest';
import { IGNORED_ERRORS } from '../../lib/error-reporting';
import { allowUrlsFor, scrubEvent, sentryOptions, siteHosts } from './sentry-options';

describe('Sentry options (spec §9)', () => {
  const config = {
    dsn: 'https://k@sentry.example/1',
    tracesSampleRate: 0.2,
    environment: 'production' as const,
  };

  it('uses environment production, the configured sample rate and the ignored errors', () => {
    const options = sentryOptions(config, ['ether.nl']);
    expect(options.environment).toBe('production');
    expect(options.tracesSampleRate).toBe(0.2);
    expect(options.dsn).toBe(config.dsn);
    expect(options.ignoreErrors).toBe(IGNORED_ERRORS);
    expect(options.dataCollection.userInfo).toBe(false);
    expect(options.dataCollection.cookies).toBe(false);
  });

  it('allows only the site its own hosts', () => {
    const hosts = siteHosts('https://www.ether.nl', 'http://127.0.0.1:8080');
    expect(hosts).toEqual(['www.ether.nl', '127.0.0.1:8080']);
    const [site, local] = allowUrlsFor(hosts);
    expect(site?.test('https://www.ether.nl/assets/index.js')).toBe(true);
    expect(site?.test('https://www.ether.nl.evil.com/x.js')).toBe(false);
    expect(local?.test('http://127.0.0.1:8080/assets/a.js')).toBe(true);
    expect(siteHosts('not a url', 'http://a.b')).toEqual(['a.b']);
  });

  it('beforeSend drops the ignored errors and strips anything personal', () => {
    expect(
      scrubEvent({ exception: { values: [{ type: 'Error', value: 'ResizeObserver loop limit exceeded' }] } }),
    ).toBeNull();
    expect(scrubEvent({ message: 'Blocked a frame with origin "x" from accessing' })).toBeNull();
    expect(
      scrubEvent({
        exception: { values: [{ value: 'The play() request was interrupted by a call to pause().' }] },
      }),
    ).toBeNull();
    const kept = scrubEvent({
      message: 'kapot',
      user: { ip_address: '1.2.3.4' },
      request: { cookies: { a: 'b' }, headers: { x: 'y' }, query_string: 'q=1' },
    });
    expect(kept).not.toBeNull();
    expect(kept?.user).toBeUndefined();
    expect(kept?.request).toEqual({});
  });
});
