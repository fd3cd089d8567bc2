import { afterEach, describe, expect, it, vi } from 'vitest';
import { setErrorReporter } from './error-reporting';
import {
  fetchJson,
  fetchJsonOrNothing,
  HttpError,
  isFetchError,
  NetworkError,
  NotFoundError,
  request,
} from './http';

const answer = (status: number, body = '{}', statusText = '') =>
  new Response(body, { status, statusText, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setErrorReporter(null);
});

describe('the error types of spec §8', () => {
  it('a not-found error is an HttpError with statusCode 404', () => {
    const error = new NotFoundError('weg');
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(404);
    expect(error.message).toBe('weg');
    expect(isFetchError(error)).toBe(true);
    expect(isFetchError(new NetworkError('offline'))).toBe(true);
    expect(isFetchError(new Error('bug'))).toBe(false);
  });
});

describe('fetchJson', () => {
  it('parses a JSON answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, '{"a":1}')),
    );
    await expect(fetchJson('/api/x')).resolves.toEqual({ a: 1 });
  });

  it('turns a 404 into a NotFoundError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(404, '{}', 'Not Found')),
    );
    const error: unknown = await fetchJson('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as HttpError).statusCode).toBe(404);
    expect((error as HttpError).message).toContain('Not Found');
  });

  it('turns another failure status into an HttpError carrying the status text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(503, '', 'Service Unavailable')),
    );
    const error: unknown = await fetchJson('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect((error as HttpError).statusCode).toBe(503);
    expect((error as HttpError).message).toContain('Service Unavailable');
  });

  it('turns a network failure into a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchJson('/api/x')).rejects.toBeInstanceOf(NetworkError);
    await expect(request('/api/x')).rejects.toBeInstanceOf(NetworkError);
  });

  it('an answer that is not JSON is an HttpError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, '<html>')),
    );
    await expect(fetchJson('/api/x')).rejects.toBeInstanceOf(HttpError);
  });

  it('lets an abort through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    const error: unknown = await fetchJson('/api/x', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
  });
});

describe('fetchJsonOrNothing (spec §7 "Failed fetches")', () => {
  it('reports a failure and yields no result', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(500, '', 'Internal Server Error')),
    );
    await expect(fetchJsonOrNothing('/api/x')).resolves.toBeUndefined();
    expect(reporter).toHaveBeenCalledWith(expect.any(HttpError), { url: '/api/x' });
    log.mockRestore();
  });

  it('yields no result and reports nothing for a request its caller cancelled', async () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    const controller = new AbortController();
    // Whatever the engine throws for the cancelled request: a TypeError here, not an AbortError.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new TypeError('cancelled');
      }),
    );
    await expect(fetchJsonOrNothing('/api/x', { signal: controller.signal })).resolves.toBeUndefined();
    expect(reporter).not.toHaveBeenCalled();
  });
});
