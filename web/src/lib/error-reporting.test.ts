import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dropPending,
  setBuffering,
  isIgnoredMessage,
  MAX_PENDING,
  pendingCount,
  reportError,
  reportSilently,
  setErrorReporter,
} from './error-reporting';

afterEach(() => {
  setErrorReporter(null);
  setBuffering(true);
  dropPending();
  vi.restoreAllMocks();
});

describe('reporting', () => {
  it('keeps a bounded number of reports until a reporter is installed, then hands them over', () => {
    for (let i = 0; i < MAX_PENDING + 5; i++) reportSilently(new Error(`e${i}`));
    expect(pendingCount()).toBe(MAX_PENDING);
    const reporter = vi.fn();
    setErrorReporter(reporter);
    expect(reporter).toHaveBeenCalledTimes(MAX_PENDING);
    expect(pendingCount()).toBe(0);
    reportSilently(new Error('later'), { where: 'test' });
    expect(reporter).toHaveBeenLastCalledWith(expect.any(Error), { where: 'test' });
  });

  it('reports silently without a console line, reportError also logs', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reporter = vi.fn();
    setErrorReporter(reporter);
    reportSilently(new Error('stil'));
    expect(log).not.toHaveBeenCalled();
    reportError(new Error('luid'));
    expect(log).toHaveBeenCalledTimes(1);
    expect(reporter).toHaveBeenCalledTimes(2);
  });

  it('never reports an aborted request', () => {
    const reporter = vi.fn();
    setErrorReporter(reporter);
    reportSilently(new DOMException('aborted', 'AbortError'));
    expect(reporter).not.toHaveBeenCalled();
  });

  it('drops waiting reports when reporting stays off', () => {
    reportSilently(new Error('x'));
    dropPending();
    const reporter = vi.fn();
    setErrorReporter(reporter);
    expect(reporter).not.toHaveBeenCalled();
  });
});

describe('after a choice without analytics', () => {
  it('keeps nothing waiting', () => {
    reportSilently(new Error('voor de keuze'));
    setBuffering(false);
    reportSilently(new Error('na de keuze'));
    expect(pendingCount()).toBe(0);
    const reporter = vi.fn();
    setErrorReporter(reporter);
    expect(reporter).not.toHaveBeenCalled();
  });
});

describe('the ignored errors of spec §8', () => {
  it('matches frame-origin blocking, play interrupted by pause and ResizeObserver loops', () => {
    expect(
      isIgnoredMessage(
        'SecurityError: Blocked a frame with origin "https://ether.nl" from accessing a cross-origin frame.',
      ),
    ).toBe(true);
    expect(
      isIgnoredMessage(
        'AbortError: The play() request was interrupted by a call to pause(). https://goo.gl/LdLk22',
      ),
    ).toBe(true);
    expect(isIgnoredMessage('ResizeObserver loop limit exceeded')).toBe(true);
    expect(isIgnoredMessage('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(isIgnoredMessage('TypeError: x is undefined')).toBe(false);
    expect(isIgnoredMessage(undefined)).toBe(false);
  });
});
