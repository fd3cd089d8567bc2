import { describe, expect, it } from 'vitest';

import type { Show, Track } from './live-state';
import { nowPlayingItems, playingAnnouncement } from './now-playing';
import { initialPlayerState, playerReducer } from './player-state';

const show: Show = {
  broadcasters: [{ name: 'Omroep Zuiderzee', slug: 'ozz' }],
  from: '2026-11-21 12:00:00',
  until: '2026-11-21 14:00:00',
  fromToTime: '12:00–14:00',
  imageUrls: { url360: '', url600: '', url1200: '' },
  name: 'De Middagshow',
  presenters: 'Mira de Vries & Kees Jansen',
  presentersRaw: [],
  slug: 's',
  url: null,
};
const track = { name: 'Zomeravond', artist: 'De Golven' } as Track;

describe('now playing', () => {
  it('a music channel alternates show (with presenters) and song', () => {
    const state = playerReducer(initialPlayerState('music'), {
      type: 'listenToLive',
      live: { show, track, tracks: [track], isVisualRadioAvailable: false },
    });
    const items = nowPlayingItems(state);
    expect(items.map((i) => i.kind)).toEqual(['show', 'song']);
    expect(items[0]?.subtitle).toBe('Mira de Vries & Kees Jansen');
    expect(items[0]?.broadcasters).toEqual([{ name: 'Omroep Zuiderzee', slug: 'ozz' }]);
    expect(items[1]).toMatchObject({ title: 'Zomeravond', subtitle: 'De Golven' });
    expect(items[0]?.durationMs).toBeGreaterThanOrEqual(8000);
  });
  it('a talk channel shows the show with its times and hides the song', () => {
    const state = playerReducer(initialPlayerState('talk'), {
      type: 'listenToLive',
      live: { show, track, tracks: [track], isVisualRadioAvailable: false },
    });
    const items = nowPlayingItems(state);
    expect(items.map((i) => i.kind)).toEqual(['show']);
    expect(items[0]?.subtitle).toBe('12:00–14:00');
  });
  it('on demand shows the playable', () => {
    const state = playerReducer(initialPlayerState('music'), {
      type: 'setPlayable',
      playable: {
        id: '1',
        name: 'Een fragment',
        type: 'fragment',
        queue: [],
        player: { tokenUrl: '', parameters: [] },
      },
    });
    expect(nowPlayingItems(state)).toEqual([
      expect.objectContaining({ kind: 'playable', title: 'Een fragment' }),
    ]);
  });
  it('times a short song by the live data: 8000 ms on a classical channel whose show has broadcasters, 6000 ms when it has none', () => {
    const shortSong = { name: 'Air', artist: 'Bach' } as Track;
    const classicalLive = (broadcasters: Show['broadcasters']) =>
      nowPlayingItems({
        ...playerReducer(initialPlayerState('music'), {
          type: 'listenToLive',
          live: {
            show: { ...show, broadcasters },
            track: shortSong,
            tracks: [shortSong],
            isVisualRadioAvailable: false,
          },
        }),
        isLiveUsingClassicalData: true,
      });
    expect(classicalLive(show.broadcasters).find((i) => i.kind === 'song')?.durationMs).toBe(8000);
    expect(classicalLive([]).find((i) => i.kind === 'song')?.durationMs).toBe(6000);
  });
  it('falls back to the channel name', () => {
    const state = { ...initialPlayerState('music'), channel: { id: 'radio2', name: 'Ether Radio 2' } };
    expect(nowPlayingItems(state)[0]).toMatchObject({ kind: 'channel', title: 'Ether Radio 2' });
  });
});

describe('playingAnnouncement', () => {
  const live = playerReducer(initialPlayerState('music'), {
    type: 'listenToLive',
    live: {
      channel: { id: 'radio2', name: 'Ether Radio 2' },
      show,
      track,
      tracks: [track],
      isVisualRadioAvailable: false,
    },
  });

  it('says nothing until the listener starts playback, then the song', () => {
    expect(playingAnnouncement(live, false)).toBe('');
    expect(playingAnnouncement(live, true)).toBe('Nu te horen: Zomeravond van De Golven');
  });

  it('names the show when no song is known or songs are hidden, and the item on demand', () => {
    const noSong = { ...live, track: undefined };
    expect(playingAnnouncement(noSong, true)).toBe('Nu te horen: De Middagshow op Ether Radio 2');
    expect(playingAnnouncement({ ...live, isSongHiddenForLiveRadio: true }, true)).toBe(
      'Nu te horen: De Middagshow op Ether Radio 2',
    );
    const fragment = playerReducer(live, {
      type: 'setPlayable',
      playable: {
        id: 'f',
        name: 'Een fragment',
        type: 'fragment',
        queue: [],
        player: { tokenUrl: '', parameters: [] },
      },
    });
    expect(playingAnnouncement(fragment, true)).toBe('Nu te horen: Een fragment');
  });
});
