// 'Open in venster' (spec §2): the player in a window of 700×700 without toolbar and status bar, at
// the channel's links[0].value; disabled outside live mode (spec §6). The bar has it on large
// screens, the expanded player on every screen.

import { usePlayer } from './use-player';

/** The pop-out window's features (spec §9). */
export const POPOUT_FEATURES = 'width=700,height=700,toolbar=no,status=no';

export function PopoutButton({ className }: { className: string }) {
  const { state, info } = usePlayer();
  const popout = info?.data.coreChannels.data[0]?.links[0]?.value;
  return (
    <button
      type="button"
      className={className}
      disabled={!state.isLiveMode || !popout}
      onClick={() => {
        if (popout) window.open(popout, 'ether-popout', POPOUT_FEATURES);
      }}
    >
      Open in venster
    </button>
  );
}
