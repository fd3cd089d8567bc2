import { describe, expect, it } from 'vitest';
import { broadcast, radio2, track } from '../../test/fixtures';
import type { LiveState } from './live-state';
import { liveNowFromLiveState, liveNowFromOnAir } from './live-now';

describe('liveNowFromOnAir', () => {
  it('shows the broadcast with presenters and Amsterdam times, and the song', () => {
    const now = liveNowFromOnAir({ channel: radio2, broadcast, track });
    expect(now.show).toEqual({
      name: 'De Ochtendploeg',
      presenters: broadcast.presenters[0]?.name,
      time: '06:00–09:00',
      url: '/programmas/' + (broadcast.programme?.slug ?? ''),
    });
    expect(now.track).toMatchObject({
      name: 'Zomeravond',
      artist: 'De Golven',
      imageUrl: track.coverUrl,
      url: '/nummers/12/zomeravond',
    });
  });
  it('has neither when nothing is on air', () => {
    expect(liveNowFromOnAir({ channel: radio2, broadcast: null, track: null })).toEqual({
      show: null,
      track: null,
    });
  });
});

describe('liveNowFromLiveState', () => {
  it('takes the show and the current track of the live state', () => {
    const live = {
      channel: { id: 'radio1', name: 'Ether Radio 1' },
      isVisualRadioAvailable: true,
      tracks: [],
      show: {
        name: 'De Ochtend',
        presenters: 'Mira de Vries & Kees Jansen',
        fromToTime: '06:00–09:00',
        url: '/programmas/de-ochtend',
      },
      track: {
        id: 4,
        name: 'Zomeravond',
        artist: 'De Golven',
        imageUrl: '/c.webp',
        time: '07:04',
        url: '/nummers/4/zomeravond',
      },
    } as unknown as LiveState;
    const now = liveNowFromLiveState(live);
    expect(now.show).toEqual({
      name: 'De Ochtend',
      presenters: 'Mira de Vries & Kees Jansen',
      time: '06:00–09:00',
      url: '/programmas/de-ochtend',
    });
    expect(now.track).toEqual({
      id: 4,
      name: 'Zomeravond',
      artist: 'De Golven',
      imageUrl: '/c.webp',
      time: '07:04',
      ensemble: null,
      url: '/nummers/4/zomeravond',
    });
  });
  it('leaves out a show without presenters and a track that is no longer current', () => {
    const live = {
      channel: { id: 'radio1', name: 'Ether Radio 1' },
      isVisualRadioAvailable: true,
      tracks: [],
      show: { name: 'Nachtmuziek', fromToTime: '00:00–06:00', url: null },
    } as unknown as LiveState;
    expect(liveNowFromLiveState(live)).toEqual({
      show: { name: 'Nachtmuziek', presenters: null, time: '00:00–06:00', url: null },
      track: null,
    });
  });
});
