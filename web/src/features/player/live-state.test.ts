import { describe, expect, it } from 'vitest';

import {
  UNKNOWN_PROGRAMME_IMAGE,
  UNKNOWN_TRACK_IMAGE,
  apiTimeToInstant,
  buildLiveState,
  buildShow,
  buildTrack,
  liveStateAsHeard,
  tracksHeldTo,
  rotationDurationMs,
} from './live-state';
import type { InfoBroadcast, InfoChannel, InfoTrackPlay, MiniplayerInfo } from './miniplayer-info';

const channel: InfoChannel = {
  slug: 'radio2',
  name: 'Ether Radio 2',
  hasProgramming: true,
  playerMode: 'music',
  classical: false,
  liveVideo: null,
  links: [{ type: 'popout', value: '/popout/radio2' }],
  children: [],
  parent: null,
};

const assets = { url360: '/b-360.webp', url600: '/b-600.webp', url1200: '/b-1200.webp' };
const programmeAssets = { url360: '/p-360.webp', url600: '/p-600.webp', url1200: '/p-1200.webp' };

const broadcast: InfoBroadcast = {
  id: 7,
  name: 'De Middagshow',
  slug: 'de-middagshow-2026-11-21',
  from: '2026-11-21 12:00:00',
  until: '2026-11-21 14:00:00',
  coreBroadcasters: [
    { name: 'Omroep Zuiderzee', alias: 'zuiderzee', logoUrl: '/media/images/broadcasters/zuiderzee.webp' },
    { name: 'De Kustomroep', alias: 'kust', logoUrl: '' },
  ],
  radioPhotoAssets: [assets],
  radioProgrammes: { slug: 'de-middagshow', name: 'De Middagshow', radioPhotoAssets: [programmeAssets] },
  radioPresenters: [
    { slug: 'mira', name: 'Mira de Vries' },
    { slug: 'kees', name: 'Kees Jansen' },
    { slug: 'mira-2', name: 'Mira de Vries' },
  ],
};

function play(overrides: Partial<InfoTrackPlay> = {}): InfoTrackPlay {
  return {
    id: 1,
    from: '2026-11-21 12:10:00',
    until: '2026-11-21 12:13:30',
    song: 'Zomeravond',
    artist: 'De Golven',
    coverUrl: '/media/images/covers/zomeravond.webp',
    isAvailable: true,
    radioTracks: { id: 42, name: 'Zomeravond', slug: 'zomeravond' },
    classicalData: null,
    cmsChartEditionPositions: [],
    ...overrides,
  };
}

function info(plays: InfoTrackPlay[], ch: InfoChannel = channel): MiniplayerInfo {
  return {
    data: {
      coreChannels: { data: [ch] },
      radioBroadcasts: { data: [broadcast] },
      radioTrackPlays: { data: plays },
      upcomingBroadcasts: {
        data: [
          {
            ...broadcast,
            id: 8,
            name: 'Avondrood',
            from: '2026-11-21 14:00:00',
            until: '2026-11-21 18:00:00',
          },
        ],
      },
      allChannels: { data: [{ name: ch.name, slug: ch.slug }] },
    },
  };
}

describe('apiTimeToInstant', () => {
  it('reads Amsterdam wall-clock time in winter and summer', () => {
    expect(new Date(apiTimeToInstant('2026-11-21 12:00:00')).toISOString()).toBe('2026-11-21T11:00:00.000Z');
    expect(new Date(apiTimeToInstant('2026-07-01 12:00:00')).toISOString()).toBe('2026-07-01T10:00:00.000Z');
  });
  it('handles the DST switch days', () => {
    expect(new Date(apiTimeToInstant('2026-03-29 01:30:00')).toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(new Date(apiTimeToInstant('2026-03-29 03:30:00')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(apiTimeToInstant('2026-10-25 04:00:00')).toISOString()).toBe('2026-10-25T03:00:00.000Z');
  });
  it('is NaN for malformed input', () => {
    expect(apiTimeToInstant('gisteren')).toBeNaN();
  });
});

describe('buildShow', () => {
  it('takes broadcasters from name, alias and logo, times as HH:mm and the broadcast photo', () => {
    const show = buildShow(broadcast, channel);
    expect(show.broadcasters).toEqual([
      { name: 'Omroep Zuiderzee', slug: 'zuiderzee', logoUrl: '/media/images/broadcasters/zuiderzee.webp' },
      { name: 'De Kustomroep', slug: 'kust' },
    ]);
    expect(show.fromToTime).toBe('12:00–14:00');
    expect(show.imageUrls).toEqual(assets);
    expect(show.name).toBe('De Middagshow');
    expect(show.url).toBe('/programmas/de-middagshow');
  });
  it("writes the from–to time with an en dash and no spaces; a slot ending at midnight ends at '00:00'", () => {
    const night = buildShow(
      { ...broadcast, from: '2026-11-21 18:00:00', until: '2026-11-22 00:00:00' },
      channel,
    );
    expect(night.fromToTime).toBe('18:00–00:00');
  });
  it("writes a show of a whole day as 'hele dag', not '00:00–00:00' (issue 51 polish)", () => {
    const allDay = buildShow(
      { ...broadcast, from: '2026-11-21 00:00:00', until: '2026-11-22 00:00:00' },
      channel,
    );
    expect(allDay.fromToTime).toBe('hele dag');
  });
  it("keeps the broadcast's id, which 'Terug naar het begin' plays", () => {
    expect(buildShow({ ...broadcast, id: 77 }, channel).broadcastId).toBe(77);
  });
  it('joins the unique presenter names with " & "', () => {
    expect(buildShow(broadcast, channel).presenters).toBe('Mira de Vries & Kees Jansen');
  });
  it('has no presenters without a programme', () => {
    expect(buildShow({ ...broadcast, radioProgrammes: null }, channel).presenters).toBeUndefined();
  });
  it('falls back to the programme photo, then to the placeholder', () => {
    expect(buildShow({ ...broadcast, radioPhotoAssets: [] }, channel).imageUrls).toEqual(programmeAssets);
    const none = buildShow({ ...broadcast, radioPhotoAssets: [], radioProgrammes: null }, channel);
    expect(none.imageUrls.url600).toBe(UNKNOWN_PROGRAMME_IMAGE);
  });
  it('has a url only when the channel has programming and a programme slug exists', () => {
    expect(buildShow(broadcast, { ...channel, hasProgramming: false }).url).toBeNull();
    expect(buildShow({ ...broadcast, radioProgrammes: null }, channel).url).toBeNull();
  });
  it('defaults broadcasters to [] for a broadcast without coreBroadcasters', () => {
    const withoutField: InfoBroadcast = { ...broadcast };
    delete withoutField.coreBroadcasters;
    expect(buildShow(withoutField, channel).broadcasters).toEqual([]);
  });
});

describe('buildTrack', () => {
  it('builds a song with time, image and item', () => {
    const track = buildTrack(play(), false);
    expect(track).toMatchObject({
      name: 'Zomeravond',
      artist: 'De Golven',
      time: '12:10',
      id: 42,
      slug: 'zomeravond',
      radioTracksItem: { id: 42, slug: 'zomeravond' },
      isSong: true,
      imageUrl: '/media/images/covers/zomeravond.webp',
    });
  });
  it('gives the track url through the track route of radioTracksItem (spec §3)', () => {
    expect(buildTrack(play(), false)?.url).toBe('/nummers/42/zomeravond');
    // A chart position in the name does not reach the url.
    expect(buildTrack(play({ cmsChartEditionPositions: [{ position: 3 }] }), false)?.url).toBe(
      '/nummers/42/zomeravond',
    );
    expect(buildTrack(play({ radioTracks: { id: 42, name: 'Zomeravond', slug: '' } }), false)?.url).toBe('#');
  });
  it('drops plays without a song', () => {
    expect(buildTrack(play({ song: null }), false)).toBeUndefined();
  });
  it('falls back to the unknown-track image and a # url without id or slug', () => {
    const track = buildTrack(play({ coverUrl: null, radioTracks: null }), false);
    expect(track?.imageUrl).toBe(UNKNOWN_TRACK_IMAGE);
    expect(track?.url).toBe('#');
  });
  it('prefixes the chart position with two spaces', () => {
    expect(buildTrack(play({ cmsChartEditionPositions: [{ position: 3 }] }), false)?.name).toBe(
      '#3:  Zomeravond',
    );
  });
  it('prefers the complete work as name, then the track name, then the song', () => {
    const classical = {
      completeWork: 'Symfonie nr. 5',
      composer: 'L. van Beethoven',
      ensemble: 'Residentie Orkest',
    };
    expect(buildTrack(play({ classicalData: classical }), true)?.name).toBe('Symfonie nr. 5');
    expect(buildTrack(play({ radioTracks: { id: 1, name: 'Track naam', slug: 't' } }), false)?.name).toBe(
      'Track naam',
    );
    expect(buildTrack(play({ radioTracks: null }), false)?.name).toBe('Zomeravond');
  });
  it('in classical mode the artist is the composer and the ensemble is kept', () => {
    const classical = {
      completeWork: 'Symfonie nr. 5',
      composer: 'L. van Beethoven',
      ensemble: 'Residentie Orkest',
    };
    const track = buildTrack(play({ classicalData: classical }), true);
    expect(track?.artist).toBe('L. van Beethoven');
    expect(track?.ensemble).toBe('Residentie Orkest');
    expect(buildTrack(play({ classicalData: classical }), false)?.artist).toBe('De Golven');
  });
});

describe('buildLiveState', () => {
  const during = apiTimeToInstant('2026-11-21 12:12:00');
  it('keeps the first track while now is before its until plus one minute', () => {
    expect(buildLiveState(info([play()]), 'radio2', during).track?.name).toBe('Zomeravond');
    const justAfter = apiTimeToInstant('2026-11-21 12:14:29');
    expect(buildLiveState(info([play()]), 'radio2', justAfter).track).toBeDefined();
    const later = apiTimeToInstant('2026-11-21 12:14:30');
    expect(buildLiveState(info([play()]), 'radio2', later).track).toBeUndefined();
  });
  it('has channel, show, upcoming show, tracks and visual radio', () => {
    const withVideo = { ...channel, liveVideo: { tokenUrl: '/api/player/radio2/video' } };
    const state = buildLiveState(info([play(), play({ id: 2, song: null })], withVideo), 'radio2', during);
    expect(state.channel).toEqual({ id: 'radio2', name: 'Ether Radio 2' });
    expect(state.isVisualRadioAvailable).toBe(true);
    expect(state.show?.name).toBe('De Middagshow');
    expect(state.upcomingShow?.name).toBe('Avondrood');
    expect(state.tracks).toHaveLength(1);
  });
  it('throws when the info has no channel at all', () => {
    const empty = info([]);
    empty.data.coreChannels.data = [];
    expect(() => buildLiveState(empty, 'radio2', during)).toThrow();
  });
});

describe('rotationDurationMs', () => {
  it('uses the fallbacks for empty text', () => {
    expect(rotationDurationMs('', { classical: true, hasBroadcasters: false })).toBe(6000);
    expect(rotationDurationMs('', { classical: true, hasBroadcasters: true })).toBe(8000);
    expect(rotationDurationMs('', { classical: false, hasBroadcasters: false })).toBe(8000);
  });
  it('grows with the text length, never below the fallback, capped', () => {
    const short = rotationDurationMs('Kort', { classical: false, hasBroadcasters: true });
    const long = rotationDurationMs('Een hele lange titel van een programma met veel presentatoren erin', {
      classical: false,
      hasBroadcasters: true,
    });
    expect(short).toBe(8000);
    expect(long).toBeGreaterThan(short);
    expect(rotationDurationMs('x'.repeat(1000), { classical: false, hasBroadcasters: true })).toBe(20000);
  });
});

describe('liveStateAsHeard (issue 49: a song shows when it is heard)', () => {
  const earlier = play({
    id: 1,
    from: '2026-11-21 12:10:00',
    until: '2026-11-21 12:13:30',
    song: 'Eerder',
    radioTracks: null,
  });
  const newer = play({
    id: 2,
    from: '2026-11-21 12:13:30',
    until: '2026-11-21 12:17:00',
    song: 'Nieuw',
    radioTracks: null,
  });
  const live = buildLiveState(info([newer, earlier]), 'radio2', apiTimeToInstant('2026-11-21 12:13:31'));

  it('holds back a song the listener, a few seconds behind the edge, has not reached', () => {
    const heard = apiTimeToInstant('2026-11-21 12:13:27');
    const shown = liveStateAsHeard(live, heard);
    expect(shown.live.track?.name).toBe('Eerder');
    expect(shown.live.tracks.map((t) => t.name)).toEqual(['Eerder']);
    expect(shown.showNewAfterMs).toBe(3000);
  });

  it('shows the new song once it is heard', () => {
    const shown = liveStateAsHeard(live, apiTimeToInstant('2026-11-21 12:13:30'));
    expect(shown.live.track?.name).toBe('Nieuw');
    expect(shown.showNewAfterMs).toBeNull();
  });

  it('holds the known songs to a place sought back to: the earlier song there, none before it', () => {
    const inEarlier = tracksHeldTo(live.tracks, apiTimeToInstant('2026-11-21 12:11:00'));
    expect(inEarlier.track?.name).toBe('Eerder');
    expect(inEarlier.tracks.map((t) => t.name)).toEqual(['Eerder']);
    const beforeBoth = tracksHeldTo(live.tracks, apiTimeToInstant('2026-11-21 12:05:00'));
    expect(beforeBoth.track).toBeUndefined();
    expect(beforeBoth.tracks).toEqual([]);
  });
});
