import type { Fragment } from '../../api/types';
import { CardList, FragmentCard } from '../../components/cards';
import { FragmentListenButton } from './listen-button';

/**
 * A list of fragment cards, each playing its fragment with the ones after it in the list as its
 * queue (spec §4: the next item plays when one ends).
 */
export function FragmentCards({
  fragments,
  empty = 'Geen fragmenten gevonden.',
  label,
}: {
  fragments: Fragment[];
  empty?: string;
  label?: string;
}) {
  return (
    <CardList
      items={fragments}
      keyOf={(f) => f.id}
      render={(f, i) => (
        <FragmentCard
          fragment={f}
          action={<FragmentListenButton fragment={f} following={fragments.slice(i + 1)} />}
        />
      )}
      empty={empty}
      label={label}
    />
  );
}
