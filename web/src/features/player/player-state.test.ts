import { describe, expect, it, vi } from 'vitest';

import type { LiveState, Show } from './live-state';
import { UNKNOWN_PROGRAMME_IMAGE } from './live-state';
import type { Playable, PlayerState } from './player-state';
import {
  barActionButtons,
  engineVolume,
  initialPlayerState,
  isPlayerBusy,
  playerReading,
  playerReducer,
  shouldStartPlayingOnLive,
  smartTagUserIdFromCookie,
  volumeIcon,
} from './player-state';

const show: Show = {
  broadcasters: [],
  from: '2026-11-21 10:00:00',
  until: '2026-11-21 12:00:00',
  fromToTime: '10:00–12:00',
  imageUrls: { url360: '/a-360.webp', url600: '/a-600.webp', url1200: '/a-1200.webp' },
  name: 'De Middagshow',
  presentersRaw: [],
  slug: 'de-middagshow-2026-11-21',
  url: '/programmas/de-middagshow',
};

const playable: Playable = {
  id: 'fragment-1',
  name: 'Een fragment',
  type: 'fragment',
  queue: [],
  player: { tokenUrl: '/api/play/fragment/1', parameters: [] },
  imageUrl: '/media/images/fragments/1.webp',
};

const live: Partial<LiveState> & Pick<LiveState, 'isVisualRadioAvailable'> = {
  channel: { id: 'radio2', name: 'Ether Radio 2' },
  show,
  tracks: [],
  isVisualRadioAvailable: true,
};

function playing(state: PlayerState): PlayerState {
  return playerReducer(state, { type: 'play' });
}

describe('initial state', () => {
  it('reading B for a music channel', () => {
    const state = initialPlayerState('music');
    expect(state.buttonConfig).toEqual({ actionButtonLeft: 'gedraaid', actionButtonRight: 'gemist' });
    expect(state.isSongHiddenForLiveRadio).toBe(false);
    expect(state.isRadioshowTimeVisibleForLiveRadio).toBe(false);
    expect(state.channel).toEqual({ id: '', name: '' });
    expect('show' in state && state.show).toBeUndefined();
  });
  it('reading A for a talk channel', () => {
    const state = initialPlayerState('talk');
    expect(state.buttonConfig).toEqual({ actionButtonLeft: 'gemist', actionButtonRight: 'visual-radio' });
    expect(state.isSongHiddenForLiveRadio).toBe(true);
    expect(state.isRadioshowTimeVisibleForLiveRadio).toBe(true);
    expect(state.channel).toBeUndefined();
  });
  it.each(['music', 'talk'] as const)('both readings agree on the rest (%s)', (mode) => {
    const state = initialPlayerState(mode);
    expect(state).toMatchObject({
      apiEvents: [],
      isLiveMode: true,
      isLoadingPlayer: true,
      playerVolume: 1,
      isLiveUsingClassicalData: false,
      isChannelPickerPresent: false,
      isVisualRadioAvailable: false,
      isAdBreak: false,
      isAutoPlayAfterEmbed: false,
      isLiveRequestedAfterPlayable: false,
      isPlaybackEnded: false,
      isPlayerExpanded: false,
      isPlayerMuted: false,
      isPlayerUnavailable: false,
      isPlaying: false,
      isReceivedMessageEvent: false,
    });
  });
});

describe('the reading follows the channel', () => {
  it('setReading takes the three fields of the other reading and keeps the rest', () => {
    const music = playerReducer(initialPlayerState('music'), { type: 'listenToLive', live });
    const talk = playerReducer(music, { type: 'setReading', mode: 'talk' });
    expect(talk).toEqual({ ...music, ...playerReading('talk') });
    expect(talk.buttonConfig).toEqual({ actionButtonLeft: 'gemist', actionButtonRight: 'visual-radio' });
    expect(talk.isSongHiddenForLiveRadio).toBe(true);
    expect(talk.isRadioshowTimeVisibleForLiveRadio).toBe(true);
    expect(playerReducer(talk, { type: 'setReading', mode: 'music' })).toEqual({
      ...music,
      ...playerReading('music'),
    });
  });
  it('onError resets to the reading it is given (the active channel)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const talk = playerReducer(initialPlayerState('music'), { type: 'setReading', mode: 'talk' });
    expect(playerReducer(talk, { type: 'onError', error: new Error('x'), mode: 'talk' })).toEqual(
      initialPlayerState('talk'),
    );
    log.mockRestore();
  });
  it("the bar's action buttons: the reading's pair live, 'Luister live' first on demand", () => {
    expect(barActionButtons(initialPlayerState('music'))).toEqual(['gedraaid', 'gemist']);
    expect(barActionButtons(initialPlayerState('talk'))).toEqual(['gemist', 'visual-radio']);
    const onDemand = playerReducer(initialPlayerState('talk'), { type: 'setPlayable', playable });
    expect(barActionButtons(onDemand)).toEqual(['luister-live', 'visual-radio']);
  });
  it('the player is busy while it loads (spec §4: commands are ignored)', () => {
    expect(isPlayerBusy(initialPlayerState('music'))).toBe(true);
    expect(isPlayerBusy(playerReducer(initialPlayerState('music'), { type: 'sourceloaded' }))).toBe(false);
  });
});

describe('listenToLive', () => {
  it('clears isPlaybackEnded and isLiveRequestedAfterPlayable', () => {
    const onDemand = playerReducer(playing(initialPlayerState('music')), { type: 'setPlayable', playable });
    const ended = { ...onDemand, isPlaybackEnded: true };
    expect(ended.isLiveRequestedAfterPlayable).toBe(true);
    const after = playerReducer(ended, { type: 'listenToLive', live });
    expect(after.isPlaybackEnded).toBe(false);
    expect(after.isLiveRequestedAfterPlayable).toBe(false);
  });
  it('turns live on and takes the live data, the show image as active image', () => {
    const before = playerReducer(initialPlayerState('music'), { type: 'setPlayable', playable });
    const after = playerReducer(before, { type: 'listenToLive', live });
    expect(after.isLiveMode).toBe(true);
    expect(after.channel).toEqual({ id: 'radio2', name: 'Ether Radio 2' });
    expect(after.show).toBe(show);
    expect(after.isVisualRadioAvailable).toBe(true);
    expect(after.activeImageUrl).toBe('/a-600.webp');
    expect(after.playable).toBeUndefined();
    expect(after.isPlaybackEnded).toBe(false);
    expect(after.isLiveRequestedAfterPlayable).toBe(false);
  });
  it('an update of live at the edge leaves an item chosen after its sender read the state', () => {
    // A poll, a pushed song or a song held back until heard, landing between the listener's choice
    // and the render: its sender saw live, the reducer sees the item (a 'Laatste journaal' that once
    // fell back to the live show in a whole run).
    const chosen = playerReducer(playing(initialPlayerState('music')), { type: 'setPlayable', playable });
    expect(playerReducer(chosen, { type: 'listenToLive', live, whileBehindLive: false })).toBe(chosen);
    const behind = { ...playing(initialPlayerState('music')), isBehindLive: true };
    expect(playerReducer(behind, { type: 'listenToLive', live, whileBehindLive: false })).toBe(behind);
    const atEdge = playing(initialPlayerState('music'));
    expect(playerReducer(atEdge, { type: 'listenToLive', live, whileBehindLive: false }).show).toBe(show);
    // A channel load enters live whatever played.
    expect(playerReducer(chosen, { type: 'listenToLive', live }).playable).toBeUndefined();
  });
  it('an update of live behind the edge applies only while the listener is still behind it', () => {
    const behind = { ...playing(initialPlayerState('music')), isBehindLive: true };
    expect(playerReducer(behind, { type: 'listenToLive', live, whileBehindLive: true }).show).toBe(show);
    const backAtEdge = playing(initialPlayerState('music'));
    expect(playerReducer(backAtEdge, { type: 'listenToLive', live, whileBehindLive: true })).toBe(backAtEdge);
    const chosen = playerReducer(behind, { type: 'setPlayable', playable });
    expect(playerReducer(chosen, { type: 'listenToLive', live, whileBehindLive: true })).toBe(chosen);
  });
  it('uses the placeholder without a show and keeps the channel when none is given', () => {
    const state = { ...initialPlayerState('music'), channel: { id: '3fm', name: '3FM' } };
    const after = playerReducer(state, { type: 'listenToLive', live: { isVisualRadioAvailable: false } });
    expect(after.activeImageUrl).toBe(UNKNOWN_PROGRAMME_IMAGE);
    expect(after.channel).toEqual({ id: '3fm', name: '3FM' });
  });
  it('entering live mode resets the volume to 1', () => {
    let state = playerReducer(initialPlayerState('music'), { type: 'setPlayable', playable });
    state = playerReducer(state, { type: 'setVolume', volume: 0.3 });
    expect(playerReducer(state, { type: 'listenToLive', live }).playerVolume).toBe(1);
    const alreadyLive = playerReducer(initialPlayerState('music'), { type: 'setVolume', volume: 0.3 });
    expect(playerReducer(alreadyLive, { type: 'listenToLive', live }).playerVolume).toBe(0.3);
  });
  it('should start playing when live was requested after a playable', () => {
    const livePlaying = playing(initialPlayerState('music'));
    const onDemand = playerReducer(livePlaying, { type: 'setPlayable', playable });
    expect(shouldStartPlayingOnLive(onDemand)).toBe(true);
    expect(
      shouldStartPlayingOnLive(playerReducer(initialPlayerState('music'), { type: 'setPlayable', playable })),
    ).toBe(false);
  });
});

describe('setPlayable', () => {
  it('turns live off, stores the playable and resets what belongs to live', () => {
    let state = playing(initialPlayerState('music'));
    state = playerReducer(state, { type: 'mutePlayer' });
    state = playerReducer(state, { type: 'setVolume', volume: 0.2 });
    state = playerReducer(state, { type: 'mutePlayer' });
    state = playerReducer(state, { type: 'setPlayerUnavailable' });
    state = playerReducer(state, {
      type: 'setPlayerState',
      state: { isAutoPlayAfterEmbed: true, isPlaybackEnded: true },
    });
    const after = playerReducer(state, { type: 'setPlayable', playable });
    expect(after.isLiveMode).toBe(false);
    expect(after.playable).toBe(playable);
    expect(after.activeImageUrl).toBe(playable.imageUrl);
    expect(after.isPlayerMuted).toBe(false);
    expect(after.playerVolume).toBe(1);
    expect(after.track).toBeUndefined();
    expect(after.isPlayerUnavailable).toBe(false);
    expect(after.isPlaybackEnded).toBe(false);
    expect(after.isAutoPlayAfterEmbed).toBe(false);
  });
  it('remembers live only when it was live and playing', () => {
    expect(
      playerReducer(playing(initialPlayerState('music')), { type: 'setPlayable', playable })
        .isLiveRequestedAfterPlayable,
    ).toBe(true);
    expect(
      playerReducer(initialPlayerState('music'), { type: 'setPlayable', playable })
        .isLiveRequestedAfterPlayable,
    ).toBe(false);
    const onDemandPlaying = playing(
      playerReducer(initialPlayerState('music'), { type: 'setPlayable', playable }),
    );
    expect(
      playerReducer(onDemandPlaying, { type: 'setPlayable', playable }).isLiveRequestedAfterPlayable,
    ).toBe(false);
  });
  it('keeps it for the next item of the queue, which the listener did not choose anew', () => {
    const fromLive = playing(
      playerReducer(playing(initialPlayerState('music')), { type: 'setPlayable', playable }),
    );
    expect(
      playerReducer(fromLive, { type: 'setPlayable', playable, fromQueue: true })
        .isLiveRequestedAfterPlayable,
    ).toBe(true);
  });
  it('falls back to the placeholder image', () => {
    const withoutImage: Playable = { ...playable };
    delete withoutImage.imageUrl;
    expect(
      playerReducer(initialPlayerState('music'), { type: 'setPlayable', playable: withoutImage })
        .activeImageUrl,
    ).toBe(UNKNOWN_PROGRAMME_IMAGE);
  });
});

describe('other transitions', () => {
  it('setRadioChannel sets the channel and clears playing, ended and unavailable', () => {
    let state = playing(initialPlayerState('music'));
    state = playerReducer(state, {
      type: 'setPlayerState',
      state: { isPlaybackEnded: true, isPlayerUnavailable: true },
    });
    const after = playerReducer(state, { type: 'setRadioChannel', channel: { id: 'kx', name: 'KX' } });
    expect(after).toMatchObject({
      channel: { id: 'kx', name: 'KX' },
      isPlaying: false,
      isPlaybackEnded: false,
      isPlayerUnavailable: false,
    });
  });
  it('setVolume clamps to 0..1 and unmutes', () => {
    const muted = playerReducer(initialPlayerState('music'), { type: 'mutePlayer' });
    expect(playerReducer(muted, { type: 'setVolume', volume: 1.7 })).toMatchObject({
      playerVolume: 1,
      isPlayerMuted: false,
    });
    expect(playerReducer(muted, { type: 'setVolume', volume: -3 }).playerVolume).toBe(0);
    expect(playerReducer(muted, { type: 'setVolume', volume: 0.42 }).playerVolume).toBe(0.42);
    expect(playerReducer(muted, { type: 'setVolume', volume: Number.NaN }).playerVolume).toBe(1);
  });
  it('mute and unmute', () => {
    const muted = playerReducer(initialPlayerState('music'), { type: 'mutePlayer' });
    expect(muted.isPlayerMuted).toBe(true);
    expect(playerReducer(muted, { type: 'unmutePlayer' }).isPlayerMuted).toBe(false);
  });
  it('setPlayerApiError stores the error and stops', () => {
    const after = playerReducer(playing(initialPlayerState('music')), {
      type: 'setPlayerApiError',
      error: 'token',
    });
    expect(after).toMatchObject({ lastPlayerApiError: 'token', isPlaying: false });
  });
  it('setPlayerUnavailable', () => {
    expect(
      playerReducer(playing(initialPlayerState('music')), { type: 'setPlayerUnavailable' }),
    ).toMatchObject({
      isPlayerUnavailable: true,
      isPlaying: false,
    });
  });
  it('onError logs and resets to the initial state of the mode', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const messy = playerReducer(playing(initialPlayerState('talk')), { type: 'listenToLive', live });
    expect(playerReducer(messy, { type: 'onError', error: new Error('x'), mode: 'talk' })).toEqual(
      initialPlayerState('talk'),
    );
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
  it('stopPlaying, unload and togglePlaying', () => {
    const on = playing(initialPlayerState('music'));
    expect(playerReducer(on, { type: 'stopPlaying' }).isPlaying).toBe(false);
    expect(playerReducer(on, { type: 'unload' }).isPlaying).toBe(false);
    expect(playerReducer(on, { type: 'togglePlaying' }).isPlaying).toBe(false);
    expect(playerReducer(initialPlayerState('music'), { type: 'togglePlaying' }).isPlaying).toBe(true);
  });
  it('setPlayerState merges a partial state', () => {
    const after = playerReducer(initialPlayerState('music'), {
      type: 'setPlayerState',
      state: { isPlayerExpanded: true },
    });
    expect(after.isPlayerExpanded).toBe(true);
    expect(after.isLiveMode).toBe(true);
  });
  it('setPlayerState that changes nothing keeps the same state, so nothing renders again', () => {
    const state = playerReducer(initialPlayerState('music'), {
      type: 'setPlayerState',
      state: { isAdBreak: false, isChannelPickerPresent: true },
    });
    const again = playerReducer(state, {
      type: 'setPlayerState',
      state: { isAdBreak: false, isChannelPickerPresent: true },
    });
    expect(again).toBe(state);
    expect(playerReducer(state, { type: 'setPlayerState', state: { isAdBreak: true } })).not.toBe(state);
  });
  it('setPlayerState entering live mode resets the volume', () => {
    let state = playerReducer(initialPlayerState('music'), { type: 'setPlayable', playable });
    state = playerReducer(state, { type: 'setVolume', volume: 0.5 });
    expect(playerReducer(state, { type: 'setPlayerState', state: { isLiveMode: true } }).playerVolume).toBe(
      1,
    );
  });
  it('simple setters', () => {
    let state = initialPlayerState('music');
    state = playerReducer(state, { type: 'setAdBreak', value: true });
    state = playerReducer(state, { type: 'setReceivedMessageEvent', value: true });
    state = playerReducer(state, { type: 'setSmartTagUserId', value: 'u-1' });
    state = playerReducer(state, { type: 'setLoadingPlayer', value: false });
    state = playerReducer(state, { type: 'setPlayerAudioToken', value: 'tok' });
    state = playerReducer(
      { ...state, apiEvents: [{ type: 'x', at: 1 }], isAutoPlayAfterEmbed: true },
      { type: 'clearApiEvents' },
    );
    state = playerReducer(state, { type: 'resetAutoPlayAfterEmbed' });
    expect(state).toMatchObject({
      isAdBreak: true,
      isReceivedMessageEvent: true,
      smartTagUserId: 'u-1',
      isLoadingPlayer: false,
      playerAudioToken: 'tok',
      apiEvents: [],
      isAutoPlayAfterEmbed: false,
    });
    expect(playerReducer(state, { type: 'setLoadingPlayer', value: true }).isLoadingPlayer).toBe(true);
  });
});

describe('engine events', () => {
  it('sourceloaded, play, paused and playbackfinished', () => {
    const loading = initialPlayerState('music');
    expect(playerReducer(loading, { type: 'sourceloaded' }).isLoadingPlayer).toBe(false);
    expect(playerReducer(loading, { type: 'play' })).toMatchObject({
      isLoadingPlayer: false,
      isPlaying: true,
    });
    expect(playerReducer(playing(loading), { type: 'paused' })).toMatchObject({
      isLoadingPlayer: false,
      isPlaying: false,
    });
    expect(playerReducer(playing(loading), { type: 'playbackfinished' }).isPlaying).toBe(false);
  });

  it('an on-demand item that plays to its end sets isPlaybackEnded; playing again clears it', () => {
    const onDemand = { ...playing(initialPlayerState('music')), isLiveMode: false };
    const ended = playerReducer(onDemand, { type: 'playbackfinished' });
    expect(ended.isPlaybackEnded).toBe(true);
    expect(playerReducer(ended, { type: 'play' }).isPlaybackEnded).toBe(false);
    const live = playing(initialPlayerState('music'));
    expect(playerReducer(live, { type: 'playbackfinished' }).isPlaybackEnded).toBe(false);
  });
});

describe('atuserid cookie', () => {
  it('takes val from the JSON in the cookie', () => {
    const cookie = `other=1; atuserid=${encodeURIComponent(JSON.stringify({ name: 'atuserid', val: '3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b' }))}`;
    expect(smartTagUserIdFromCookie(cookie, () => undefined)).toBe('3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b');
  });
  it('reports an invalid cookie silently and yields nothing', () => {
    const report = vi.fn();
    expect(smartTagUserIdFromCookie('atuserid=%7Bnot-json', report)).toBeUndefined();
    expect(smartTagUserIdFromCookie('atuserid=%7B%7D', report)).toBeUndefined();
    const numeric = encodeURIComponent(JSON.stringify({ val: 12 }));
    expect(smartTagUserIdFromCookie(`atuserid=${numeric}`, report)).toBeUndefined();
    expect(report).toHaveBeenCalledTimes(3);
    expect(smartTagUserIdFromCookie('other=1', report)).toBeUndefined();
    expect(report).toHaveBeenCalledTimes(3);
  });
  it('takes any val as it is, as the spec says (issue 30: a val that was no UUID was refused)', () => {
    const report = vi.fn();
    const cookie = `atuserid=${encodeURIComponent(JSON.stringify({ name: 'atuserid', val: 'abc-123' }))}`;
    expect(smartTagUserIdFromCookie(cookie, report)).toBe('abc-123');
    expect(report).not.toHaveBeenCalled();
  });
});

describe('volume', () => {
  it('icon thresholds of spec §9', () => {
    expect(volumeIcon(0.75, false)).toBe('full');
    expect(volumeIcon(0.74, false)).toBe('reduced');
    expect(volumeIcon(0.02, false)).toBe('reduced');
    expect(volumeIcon(0.019, false)).toBe('muted');
    expect(volumeIcon(1, true)).toBe('muted');
  });
  it('engine volume is volume × 100, 0 when muted', () => {
    expect(engineVolume(0.5, false)).toBe(50);
    expect(engineVolume(0.5, true)).toBe(0);
    expect(engineVolume(2, false)).toBe(100);
  });
});

describe('seek', () => {
  const onDemand = () => playerReducer(initialPlayerState('music'), { type: 'setPlayable', playable });

  it('records the position asked for on demand', () => {
    const state = playerReducer(onDemand(), { type: 'seek', position: 125.5 });
    expect(state.seekPosition).toBe(125.5);
    expect(state.isLiveMode).toBe(false);
    expect(state.playable).toBe(playable);
  });

  it('clamps a negative or broken position to the start', () => {
    expect(playerReducer(onDemand(), { type: 'seek', position: -3 }).seekPosition).toBe(0);
    expect(playerReducer(onDemand(), { type: 'seek', position: Number.NaN }).seekPosition).toBe(0);
  });

  it('clears a finished playback, so the item plays again from there', () => {
    const ended = { ...onDemand(), isPlaybackEnded: true };
    expect(playerReducer(ended, { type: 'seek', position: 10 }).isPlaybackEnded).toBe(false);
  });

  it('is ignored in live mode and without a playable', () => {
    const live = initialPlayerState('music');
    expect(playerReducer(live, { type: 'seek', position: 10 })).toBe(live);
  });

  it('can start a playable at a position, and forgets it again on live', () => {
    const started = playerReducer(initialPlayerState('music'), {
      type: 'setPlayable',
      playable,
      startAt: 3840,
    });
    expect(started.seekPosition).toBe(3840);
    expect(playerReducer(started, { type: 'setPlayable', playable }).seekPosition).toBeUndefined();
    expect(playerReducer(started, { type: 'listenToLive', live }).seekPosition).toBeUndefined();
  });

  it('a new playable starts without the previous error', () => {
    const failed = playerReducer(onDemand(), { type: 'setPlayerApiError', error: 'HTTP 404' });
    expect(failed.lastPlayerApiError).toBe('HTTP 404');
    expect(playerReducer(failed, { type: 'setPlayable', playable }).lastPlayerApiError).toBeUndefined();
  });
});

describe('live rewind (issue 49): behind live belongs to the channel that was rewound', () => {
  const behind: PlayerState = { ...initialPlayerState('music'), isBehindLive: true, isLiveMode: true };

  it('an on-demand item leaves it', () => {
    expect(playerReducer(behind, { type: 'setPlayable', playable }).isBehindLive).toBe(false);
  });

  it('another channel starts at its live edge', () => {
    const next = playerReducer(behind, {
      type: 'setRadioChannel',
      channel: { id: 'radio4', name: 'Radio 4' },
    });
    expect(next.isBehindLive).toBe(false);
  });

  it('the live data of the position keep it (listenToLive does not return to the edge)', () => {
    expect(playerReducer(behind, { type: 'listenToLive', live }).isBehindLive).toBe(true);
  });

  it('a fresh player starts at the edge', () => {
    expect(initialPlayerState('talk').isBehindLive).toBe(false);
  });
});
