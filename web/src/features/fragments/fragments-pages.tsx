import { useId, useState } from 'react';
import type { FragmentData, FragmentsData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { useNow, useRouteDefaults } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { DetailHeader } from '../../components/detail-header';
import { FragmentCards, fragmentPlayable, ListenButton } from '../player';
import { ChipNav } from '../../components/chips';
import { DayNav } from '../../components/day-nav';
import { InSection } from '../../components/heading-level';
import { EmptyState } from '../../components/states';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { Section } from '../../components/section';
import { formatDuration, formatLongIsoDate, formatPublishedWithTime } from '../../lib/format-date';
import { dayHeading } from '../../lib/day-labels';
import { routes } from '../../lib/routes';

/** Fragmenten: one day's fragments (today unless the route names a date), with tag filter and paging. */
export function FragmentsPage({ data }: PageProps<FragmentsData>) {
  const defaults = useRouteDefaults();
  const href = (params: { tag?: string | null; page?: number }) =>
    routes.fragmenten({ date: data.date, tag: data.tag, ...params }, defaults);
  // With a programme the days are the programme's own fragments pages (spec §2).
  const dayHref = (date: string) =>
    data.program
      ? routes.programmaFragmenten(data.program, { date, tag: data.tag }, defaults)
      : routes.fragmenten({ date, tag: data.tag }, defaults);
  return (
    <div className="page">
      <PageHeading>Fragmenten</PageHeading>
      <TaggedFragments data={data} href={href} dayHref={dayHref} />
    </div>
  );
}

/** How many tags show before 'Alle tags tonen'. */
export const SHOWN_TAGS = 12;

/**
 * The tags shown at first: the most used ones (`topTags`, from the server, else the first of `tags`),
 * with the active tag kept in view; and the rest, in the order of `tags`.
 */
export function splitTags(
  data: Pick<FragmentsData, 'tag' | 'tags'> & { topTags?: string[] },
  shown = SHOWN_TAGS,
): { top: string[]; rest: string[] } {
  const top = (data.topTags ?? data.tags).slice(0, shown);
  if (data.tag && data.tags.includes(data.tag) && !top.includes(data.tag)) top.push(data.tag);
  return { top, rest: data.tags.filter((t) => !top.includes(t)) };
}

type DayOfFragments = Pick<
  FragmentsData,
  'date' | 'tag' | 'tags' | 'fragments' | 'paging' | 'previousDate' | 'nextDate' | 'earlierDate'
> & { topTags?: string[] };

/**
 * One day's fragments of one topic at a time: the days around it and a date field, topic chips, the
 * day as the heading of its cards, and paging; `href` links a topic or page, `dayHref` a day with
 * the topic kept. An empty day says so and links to the latest earlier day with fragments (issue 51).
 */
export function TaggedFragments({
  data,
  href,
  dayHref,
}: {
  data: DayOfFragments;
  href: (params: { tag?: string | null; page?: number }) => string;
  dayHref: (date: string) => string;
}) {
  const [allTags, setAllTags] = useState(false);
  const restId = useId();
  const defaults = useRouteDefaults();
  const now = useNow();
  const { top, rest } = splitTags(data);
  const chip = (t: string) => ({ key: t, label: t, to: href({ tag: t, page: 1 }), active: data.tag === t });
  const cards = <FragmentCards fragments={data.fragments} label="Fragmenten" />;
  return (
    <>
      {data.date && (
        <DayNav
          date={data.date}
          previousDate={data.previousDate}
          nextDate={data.nextDate}
          max={defaults.today}
          hrefFor={dayHref}
        />
      )}
      <ChipNav
        label="Onderwerpen"
        items={[
          { key: '', label: 'Alles', to: href({ tag: null, page: 1 }), active: !data.tag },
          ...top.map(chip),
        ]}
      />
      {rest.length > 0 && (
        <>
          <button
            type="button"
            className="button button--small chips__toggle"
            aria-expanded={allTags}
            aria-controls={restId}
            onClick={() => setAllTags((open) => !open)}
          >
            {allTags ? 'Minder tags tonen' : `Alle tags tonen (${data.tags.length})`}
          </button>
          <div id={restId} hidden={!allTags}>
            <ChipNav label="Meer onderwerpen" items={rest.map(chip)} />
          </div>
        </>
      )}
      {!data.date ? (
        cards
      ) : (
        <>
          <h2 className="day-heading">{dayHeading(data.date, now)}</h2>
          {data.fragments.length > 0 ? (
            <InSection>{cards}</InSection>
          ) : (
            <EmptyState>
              Op {formatLongIsoDate(data.date)} zijn geen fragmenten{data.tag && ` over ${data.tag}`}{' '}
              gepubliceerd.
              {data.earlierDate && (
                <>
                  {' '}
                  <AppLink to={dayHref(data.earlierDate)}>
                    Bekijk de fragmenten van {formatLongIsoDate(data.earlierDate)}
                  </AppLink>
                </>
              )}
            </EmptyState>
          )}
        </>
      )}
      <Pagination paging={data.paging} hrefFor={(page) => href({ page })} />
    </>
  );
}

/** One fragment with real audio and the fragments that follow it. */
export function FragmentPage({ data }: PageProps<FragmentData>) {
  const { fragment } = data;
  const defaults = useRouteDefaults();
  return (
    <div className="page">
      <DetailHeader
        imageUrl={fragment.imageUrl}
        preset="FRAGMENT_TILE"
        kicker={
          fragment.programme && (
            <AppLink to={routes.programma(fragment.programme.slug)}>{fragment.programme.name}</AppLink>
          )
        }
        title={fragment.title}
      >
        <p className="card__meta">
          <time dateTime={fragment.publishedAt}>{formatPublishedWithTime(fragment.publishedAt)}</time>
        </p>
        <p className="listen-row">
          <ListenButton playable={fragmentPlayable(fragment, data.queue)} label="Luister fragment" />
          <span className="audio-clip__duration">Duur {formatDuration(fragment.durationSeconds)}</span>
        </p>
      </DetailHeader>
      <p className="prose">{fragment.description}</p>
      {fragment.tags.length > 0 && (
        <ChipNav
          label="Onderwerpen"
          items={fragment.tags.map((t) => ({
            key: t,
            label: t,
            to: fragment.programme
              ? routes.fragmenten({ program: fragment.programme.slug, tag: t }, defaults)
              : routes.fragmenten({ tag: t }, defaults),
            active: false,
          }))}
        />
      )}
      <Section title="Hierna">
        <FragmentCards fragments={data.queue} empty="Geen andere fragmenten gevonden." />
      </Section>
    </div>
  );
}
