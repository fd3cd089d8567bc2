// On-demand items as playables of spec §3, for the mini player.

import type { Fragment } from '../../api/types';
import type { Playable } from './player-state';

/** A fragment with the fragments that follow it as its queue (spec §4: the next plays when one ends). */
export function fragmentPlayable(fragment: Fragment, following: Fragment[] = []): Playable {
  return {
    id: `fragment-${fragment.id}`,
    name: fragment.title,
    type: 'fragment',
    imageUrl: fragment.imageUrl,
    player: {
      tokenUrl: `/api/play/fragment/${fragment.id}`,
      parameters: [
        { name: 'progressive', value: fragment.audioUrl },
        { name: 'poster', value: fragment.imageUrl },
      ],
    },
    queue: following.map((f) => fragmentPlayable(f)),
  };
}
