// The pop-out window (spec §2 'Open in venster', 700×700): the player alone, playing the channel of
// its URL, with the full expanded player as its page (in the site's styles; the bar is not shown).

import type { PopoutData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { PageHeading } from '../../components/page-heading';
import { ExpandedPlayer } from './expanded-player';

export function PopoutPage({ data }: PageProps<PopoutData>) {
  return (
    <div className="page popout">
      <PageHeading>{data.channel.name}</PageHeading>
      <section aria-label="Radiospeler">
        <ExpandedPlayer variant="page" />
      </section>
    </div>
  );
}
