// The shape of GET /api/miniplayer/info?channel={slug} (spec §7), as the Ether server sends it.
// Times are 'yyyy-MM-dd HH:mm:ss' in Europe/Amsterdam (spec §9).

export interface PhotoAsset {
  url360: string;
  url600: string;
  url1200: string;
}

export interface InfoLink {
  type: string; // 'popout'
  value: string;
}

export interface InfoChannel {
  slug: string;
  name: string;
  hasProgramming: boolean;
  playerMode: 'music' | 'talk';
  classical: boolean;
  liveVideo: { tokenUrl: string } | null;
  links: InfoLink[];
  children: { slug: string; name: string; links: InfoLink[] }[];
  parent: { slug: string; name: string } | null;
}

export interface InfoBroadcast {
  id: number;
  name: string;
  slug: string;
  from: string;
  until: string;
  coreBroadcasters: { name: string; alias: string }[];
  radioPhotoAssets: PhotoAsset[];
  radioProgrammes: { slug: string; name: string; radioPhotoAssets: PhotoAsset[] } | null;
  radioPresenters: { slug: string; name: string }[];
}

export interface InfoTrackPlay {
  id: number;
  from: string;
  until: string;
  song: string | null; // the song title; a play without a song is not a track
  artist: string;
  coverUrl: string | null;
  isAvailable: boolean;
  radioTracks: { id: number; name: string; slug: string } | null;
  classicalData: { completeWork: string | null; composer: string | null; ensemble: string | null } | null;
  cmsChartEditionPositions: { position: number }[];
}

export interface MiniplayerInfo {
  data: {
    coreChannels: { data: InfoChannel[] };
    radioBroadcasts: { data: InfoBroadcast[] };
    radioTrackPlays: { data: InfoTrackPlay[] }; // newest first
    upcomingBroadcasts: { data: InfoBroadcast[] };
    allChannels: { data: { name: string; slug: string }[] };
  };
}
