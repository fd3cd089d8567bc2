import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PlayedTracksData, TrackPlay } from '../../api/types';
import { playedTracksData } from '../../test/fixtures';
import { followsLive, sameTracks, useFreshTracks } from './fresh-tracks';

function at(index: number): TrackPlay {
  const track = playedTracksData.tracks[index];
  if (!track) throw new Error(`the fixture has no track ${index}`);
  return track;
}

const newer: TrackPlay = {
  ...at(0),
  id: 9002,
  from: '2026-11-21T07:08:00Z',
  until: '2026-11-21T07:12:00Z',
  title: 'Nieuw lied',
  name: 'Nieuw lied',
};
const withNewer: PlayedTracksData = {
  ...playedTracksData,
  tracks: [newer, ...playedTracksData.tracks],
  paging: { ...playedTracksData.paging, total: playedTracksData.paging.total + 1 },
};

function follow(initial: { id: number | null; follows?: boolean }, answer: PlayedTracksData | null) {
  const load = vi.fn(async () => answer);
  const hook = renderHook(
    ({ id, follows }: { id: number | null; follows: boolean }) =>
      useFreshTracks(playedTracksData, id, follows, load),
    { initialProps: { id: initial.id, follows: initial.follows ?? true } },
  );
  return { ...hook, load };
}

describe('followsLive', () => {
  it("follows only today's first page within the kept window", () => {
    expect(followsLive(playedTracksData, '2026-11-21')).toBe(true);
    expect(followsLive(playedTracksData, '2026-11-22')).toBe(false);
    expect(
      followsLive({ ...playedTracksData, paging: { page: 2, pageCount: 2, total: 60 } }, '2026-11-21'),
    ).toBe(false);
  });

  it('tells lists apart by their plays, their ends and their total', () => {
    expect(sameTracks(playedTracksData, { ...playedTracksData })).toBe(true);
    expect(sameTracks(playedTracksData, withNewer)).toBe(false);
    const longer = { ...at(0), until: '2026-11-21T07:09:00Z' };
    expect(sameTracks(playedTracksData, { ...playedTracksData, tracks: [longer, at(1)] })).toBe(false);
  });
});

describe('useFreshTracks', () => {
  it('loads nothing while the live data start where the list does, or without live data', () => {
    const { result, load, rerender } = follow({ id: at(0).id }, withNewer);
    rerender({ id: null, follows: true });
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toBe(playedTracksData);
  });

  it('loads the page again when a new song plays, and shows its list with the new song on top', async () => {
    const { result, load, rerender } = follow({ id: at(0).id }, withNewer);
    rerender({ id: newer.id, follows: true });
    await waitFor(() => expect(result.current.tracks[0]?.id).toBe(newer.id));
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.paging.total).toBe(withNewer.paging.total);
    // The same song again (a poll of the same document) loads nothing more.
    rerender({ id: newer.id, follows: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the very same data when the answer lists the same tracks (nothing is laid out again)', async () => {
    const { result, load, rerender } = follow({ id: 1 }, { ...playedTracksData });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(result.current).toBe(playedTracksData);
    // A song outside the page (another hour slot) is asked about once.
    rerender({ id: 1, follows: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not follow a page that does not show now (another day, a later page)', () => {
    const { load, rerender } = follow({ id: at(0).id, follows: false }, withNewer);
    rerender({ id: newer.id, follows: false });
    expect(load).not.toHaveBeenCalled();
  });
});
