// The channel dropdown's entries (spec §2, §3 "Channel picker entry") as families: each parent
// channel with its sub-channels under it, in the site's order. Pure, so the grouping is testable.

import type { MiniplayerInfo } from './miniplayer-info';

export interface FamilyChannel {
  slug: string;
  name: string;
  parentSlug: string | null;
}

export interface ChannelFamily<C extends FamilyChannel = FamilyChannel> {
  parent: C;
  children: C[];
}

/**
 * The channels as families in the order of their parents: a sub-channel joins its parent's family
 * wherever it stands in the list; one whose parent is not in the list stands on its own.
 */
export function channelFamilies<C extends FamilyChannel>(channels: readonly C[]): ChannelFamily<C>[] {
  const slugs = new Set(channels.map((c) => c.slug));
  const families = new Map<string, ChannelFamily<C>>();
  for (const channel of channels) {
    if (channel.parentSlug && slugs.has(channel.parentSlug) && channel.parentSlug !== channel.slug) continue;
    families.set(channel.slug, { parent: channel, children: [] });
  }
  for (const channel of channels) {
    if (families.has(channel.slug) || !channel.parentSlug) continue;
    families.get(channel.parentSlug)?.children.push(channel);
  }
  return [...families.values()];
}

/**
 * The dropdown's channels as spec §3 gives them: the live data's allChannels.data (name and slug),
 * and the sub-channels of the channel it is about from its children (its parent from its parent).
 * The site config gives the order of the channels it knows (those it does not know follow, in the
 * live data's order) and the family of the channels the live data say nothing about. Before any
 * live data, the site config's channels.
 */
export function pickerChannels(
  info: MiniplayerInfo | null,
  siteChannels: readonly FamilyChannel[],
): FamilyChannel[] {
  const listed = info?.data.allChannels.data;
  if (!listed || listed.length === 0)
    return siteChannels.map(({ slug, name, parentSlug }) => ({ slug, name, parentSlug }));
  const core = info.data.coreChannels.data[0];
  const childOfCore = new Set(core?.children.map((child) => child.slug) ?? []);
  const fromSite = new Map(siteChannels.map((channel, index) => [channel.slug, { channel, index }]));
  const parentOf = (slug: string): string | null => {
    if (core && childOfCore.has(slug)) return core.slug;
    if (core && slug === core.slug) return core.parent?.slug ?? null;
    return fromSite.get(slug)?.channel.parentSlug ?? null;
  };
  const rank = (slug: string, index: number) => fromSite.get(slug)?.index ?? siteChannels.length + index;
  return listed
    .map(({ slug, name }, index) => ({ slug, name, parentSlug: parentOf(slug), rank: rank(slug, index) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ slug, name, parentSlug }) => ({ slug, name, parentSlug }));
}
