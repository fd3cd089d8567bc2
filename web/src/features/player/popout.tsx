// The pop-out window (spec §2 'Open in venster', 700×700): the player alone, playing the channel of
// its URL, with the expanded view as its page.

import type { PopoutData } from '../../api/types';
import type { PageProps } from '../../app/page-types';
import { PageHeading } from '../../components/page-heading';
import { ExpandedPlayer } from './expanded-player';

export function PopoutPage({ data }: PageProps<PopoutData>) {
  return (
    <div className="page popout">
      <PageHeading>{data.channel.name}</PageHeading>
      <ExpandedPlayer />
    </div>
  );
}
