// The channel dropdown's entries (spec §2, §3 "Channel picker entry") as families: each parent
// channel with its sub-channels under it, in the site's order. Pure, so the grouping is testable.

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
