// Gedraaid while it is open (issue 51, trip 6): today's first page follows the songs being played.
// A new song in the live data the mini player follows (Server-Sent Events, else its poll) fetches
// the page again; the list changes only when its tracks did, so rows, focus and scroll stay put.

import { useEffect, useRef, useState } from 'react';
import type { PlayedTracksData } from '../../api/types';

/** Whether the page shows what is being played now: today's first page, within the kept window. */
export function followsLive(data: PlayedTracksData, today: string): boolean {
  return data.date === today && data.paging.page === 1 && data.window.contains;
}

/** Whether two answers show the same list: the same plays in the same order, the same total. */
export function sameTracks(a: PlayedTracksData, b: PlayedTracksData): boolean {
  return (
    a.paging.total === b.paging.total &&
    a.tracks.length === b.tracks.length &&
    a.tracks.every((t, i) => t.id === b.tracks[i]?.id && t.until === b.tracks[i]?.until)
  );
}

/**
 * The page's data, renewed while it `follows` the live data: when `newestPlayId` (the live data's
 * newest track play) is one the list does not start with, `load` fetches the page again. What it
 * answers replaces the data only when its list differs; a new navigation (new `data`) starts over.
 */
export function useFreshTracks(
  data: PlayedTracksData,
  newestPlayId: number | null,
  follows: boolean,
  load: (signal: AbortSignal) => Promise<PlayedTracksData | null>,
): PlayedTracksData {
  const [fresh, setFresh] = useState<{ base: PlayedTracksData; data: PlayedTracksData } | null>(null);
  const shown = fresh?.base === data ? fresh.data : data;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const loadRef = useRef(load);
  loadRef.current = load;
  // The play id asked about last: a song outside the page's hour slot is asked about once.
  const askedRef = useRef<number | null>(null);

  useEffect(() => {
    if (!follows || newestPlayId === null) return;
    if (shownRef.current.tracks[0]?.id === newestPlayId || askedRef.current === newestPlayId) return;
    askedRef.current = newestPlayId;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (next) => {
        if (controller.signal.aborted || !next || sameTracks(next, shownRef.current)) return;
        setFresh({ base: data, data: next });
      },
      () => undefined, // the list stays as it is; the next song asks again
    );
    return () => controller.abort();
  }, [data, follows, newestPlayId]);

  return shown;
}
