// A moment of a recorded broadcast hour, heard again: the song pages' 'Luister vanaf 08:04' and
// Gedraaid's 'Luister vanaf hier' for a track older than live rewind's window (issue 49).

import { useMemo } from 'react';
import type { Broadcast, BroadcastHour, BroadcastRecording, RecordedBroadcastHour } from '../../api/types';
import { ListenFromHereButton, type Playable } from '../player';
import { broadcastHourPlayable, followingHours, offsetInHour } from './broadcast-playable';
import { usePlayFrom } from './play-from';

/**
 * The hour's recording as a playable, its broadcast's following hours that have ended as the queue
 * (it goes on when the hour is over); null without a broadcast or a recording.
 */
export function useRecordedHourPlayable(
  broadcast: Broadcast | null,
  hour: BroadcastHour | null,
  hours: readonly (BroadcastHour & { ended: boolean })[],
  recording: BroadcastRecording,
): Playable | null {
  return useMemo(
    () =>
      broadcast && hour && recording.available
        ? broadcastHourPlayable(broadcast, hour, recording.gaps, followingHours(hours, hour))
        : null,
    [broadcast, hour, hours, recording],
  );
}

/** 'Luister vanaf hier' on a played track: plays `recorded`'s recording from `from` (an instant). */
export function ListenInRecording({
  recorded,
  from,
  name,
}: {
  recorded: RecordedBroadcastHour;
  from: string;
  name: string;
}) {
  const playable = useRecordedHourPlayable(
    recorded.broadcast,
    recorded.hour,
    recorded.hours,
    recorded.recording,
  );
  const playFrom = usePlayFrom(playable);
  return <ListenFromHereButton name={name} onListen={() => playFrom(offsetInHour(recorded.hour, from))} />;
}
