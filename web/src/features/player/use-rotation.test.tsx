import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { NowPlayingItem } from './now-playing';
import { useRotation } from './use-rotation';

// The show and the song as nowPlayingItems makes them: new objects on every render of the bar.
const items = (song = 'Lied'): NowPlayingItem[] => [
  { kind: 'show', title: 'Avondrood', subtitle: 'Mireille Tan', broadcasters: [], durationMs: 8000 },
  { kind: 'song', title: song, subtitle: 'De Golven', broadcasters: [], durationMs: 9000 },
];

describe('useRotation (spec §4 now-playing display)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the show, then the song after the show’s time, then the show again', () => {
    const { result } = renderHook(() => useRotation(items(), true));
    expect(result.current.current?.kind).toBe('show');
    act(() => vi.advanceTimersByTime(7999));
    expect(result.current.current?.kind).toBe('show');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.current?.kind).toBe('song');
    act(() => vi.advanceTimersByTime(9000));
    expect(result.current.current?.kind).toBe('show');
  });

  it('keeps its turn across re-renders with equal items, however often the bar re-renders', () => {
    const { result, rerender } = renderHook(({ list }) => useRotation(list, true), {
      initialProps: { list: items() },
    });
    // Every 2 s a re-render, as the live feed's messages cause: the show's turn still ends at 8 s.
    for (let t = 0; t < 4; t++) {
      act(() => vi.advanceTimersByTime(2000));
      rerender({ list: items() });
    }
    expect(result.current.current?.kind).toBe('song');
  });

  it('starts again from the show when the song changes', () => {
    const { result, rerender } = renderHook(({ list }) => useRotation(list, true), {
      initialProps: { list: items() },
    });
    act(() => vi.advanceTimersByTime(8000));
    expect(result.current.current?.title).toBe('Lied');
    rerender({ list: items('Ander lied') });
    expect(result.current.current?.kind).toBe('show');
    act(() => vi.advanceTimersByTime(8000));
    expect(result.current.current?.title).toBe('Ander lied');
  });

  it('does not alternate when told not to, or with one item', () => {
    const still = renderHook(() => useRotation(items(), false));
    act(() => vi.advanceTimersByTime(60_000));
    expect(still.result.current.current?.kind).toBe('show');
    const single = renderHook(() => useRotation(items().slice(1), true));
    act(() => vi.advanceTimersByTime(60_000));
    expect(single.result.current.current?.kind).toBe('song');
    expect(renderHook(() => useRotation([], true)).result.current.current).toBeUndefined();
  });
});
