import { describe, expect, it } from 'vitest';

import { channelFamilies } from './channel-families';

const channel = (slug: string, parentSlug: string | null = null) => ({ slug, name: slug, parentSlug });

describe('channelFamilies', () => {
  it('puts each sub-channel under its parent, in the order of the parents', () => {
    const families = channelFamilies([
      channel('radio2'),
      channel('soulenjazz', 'radio2'),
      channel('radio1'),
      channel('3fm'),
      channel('kx', '3fm'),
      channel('radio5'),
      channel('sterrennl', 'radio5'),
    ]);
    expect(families.map((f) => [f.parent.slug, f.children.map((c) => c.slug)])).toEqual([
      ['radio2', ['soulenjazz']],
      ['radio1', []],
      ['3fm', ['kx']],
      ['radio5', ['sterrennl']],
    ]);
  });

  it('finds the parent wherever the sub-channel stands', () => {
    const families = channelFamilies([channel('kx', '3fm'), channel('radio2'), channel('3fm')]);
    expect(families.map((f) => [f.parent.slug, f.children.map((c) => c.slug)])).toEqual([
      ['radio2', []],
      ['3fm', ['kx']],
    ]);
  });

  it('lets a sub-channel whose parent is not listed stand on its own', () => {
    expect(channelFamilies([channel('radio2'), channel('kx', '3fm')]).map((f) => f.parent.slug)).toEqual([
      'radio2',
      'kx',
    ]);
  });
});
