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
  /** An external playout announced an ad break on this channel (absent from older servers). */
  isAdBreak?: boolean;
}

export interface InfoBroadcast {
  id: number;
  name: string;
  slug: string;
  from: string;
  until: string;
  /**
   * logoUrl: the broadcaster's logo, '' when it has none (absent from older servers). The whole
   * field may be absent: spec §3 defaults a show's broadcasters to [].
   */
  coreBroadcasters?: { name: string; alias: string; logoUrl?: string }[];
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

/** Whether a parsed body has the sections the player reads (a proxy's error page does not). */
export function isMiniplayerInfo(value: unknown): value is MiniplayerInfo {
  if (typeof value !== 'object' || value === null || !('data' in value)) return false;
  const data = (value as { data: unknown }).data;
  if (typeof data !== 'object' || data === null) return false;
  return ['coreChannels', 'radioBroadcasts', 'radioTrackPlays', 'upcomingBroadcasts', 'allChannels'].every(
    (key) => {
      const section = (data as Record<string, unknown>)[key];
      return (
        typeof section === 'object' && section !== null && Array.isArray((section as { data?: unknown }).data)
      );
    },
  );
}
