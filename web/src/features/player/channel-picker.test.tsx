import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SiteProvider } from '../../lib/site-context';
import { radio2, site } from '../../test/fixtures';
import { infoFor } from '../../test/player-server';
import { ChannelPicker } from './channel-picker';
import { PlayerContext, type PlayerCommands } from './use-player';
import type { MiniplayerInfo } from './miniplayer-info';
import { initialPlayerState, type PlayerState } from './player-state';

// The channel dropdown's list (issue 39 #10): the sub-channels grouped under their parent's name,
// a cue at each cut edge while the list hides channels that way, and the keyboard as before.

const state: PlayerState = {
  ...initialPlayerState('music'),
  channel: { id: radio2.slug, name: radio2.name },
  isLoadingPlayer: false,
  isChannelPickerPresent: true,
};

function renderPicker(changeChannel = vi.fn(), info: MiniplayerInfo | null = null) {
  const commands = { changeChannel } as unknown as PlayerCommands;
  render(
    <SiteProvider site={site}>
      <PlayerContext.Provider value={{ state, commands, info, engine: null }}>
        <ChannelPicker />
      </PlayerContext.Provider>
    </SiteProvider>,
  );
  return changeChannel;
}

const openButton = () => screen.getByRole('button', { name: /^Zender:/ });
const list = () => screen.getByRole('list', { name: 'Zenders' });
/** Opens the dropdown and waits for its list, whose code loads on first use. */
async function openList() {
  await userEvent.click(openButton());
  await screen.findByRole('list', { name: 'Zenders' });
}
const arrows = () => [...document.querySelectorAll('.channel-picker__more')].map((el) => el.className);

describe('the channels come from the live data (spec §3 Channel: children, allChannels.data)', () => {
  it("lists allChannels.data by their names there, with the live channel's children under it, in the site's order", async () => {
    const base = infoFor(site, radio2.slug);
    const core = base.data.coreChannels.data[0];
    if (!core) throw new Error('fixture missing');
    // The station renamed Radio 1 and added a sub-channel to Radio 2 since the page was served: the
    // site config does not know either yet. Radio 4 is gone from the live data.
    const info: MiniplayerInfo = {
      data: {
        ...base.data,
        coreChannels: {
          data: [
            {
              ...core,
              children: [...core.children, { slug: 'radio2-gouden-uren', name: 'Gouden Uren', links: [] }],
            },
          ],
        },
        allChannels: {
          data: [
            { slug: 'radio1', name: 'Ether Radio 1 Nieuws' },
            { slug: 'radio2-gouden-uren', name: 'Gouden Uren' },
            { slug: 'soulenjazz', name: 'Soul & Jazz' },
            { slug: 'radio2', name: 'Ether Radio 2' },
          ],
        },
      },
    };
    const changeChannel = renderPicker(vi.fn(), info);
    await openList();
    expect(
      within(list())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ether Radio 2', 'Soul & Jazz', 'Gouden Uren', 'Ether Radio 1 Nieuws']);
    const group = within(list()).getByRole('list', { name: 'Ether Radio 2' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Soul & Jazz', 'Gouden Uren']);
    await userEvent.click(within(group).getByRole('button', { name: 'Gouden Uren' }));
    expect(changeChannel).toHaveBeenCalledWith('radio2-gouden-uren');
  });
});

describe('the channel list groups sub-channels under their parent', () => {
  it("puts Soul & Jazz in a list named by 'Ether Radio 2', right after it", async () => {
    renderPicker();
    await openList();
    const group = within(list()).getByRole('list', { name: 'Ether Radio 2' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Soul & Jazz']);
    // The parent names the group: the group follows it in the same item.
    const parent = within(list()).getByRole('button', { name: 'Ether Radio 2' });
    expect(parent.nextElementSibling).toBe(group);
    expect(
      within(list())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ether Radio 2', 'Soul & Jazz', 'Ether Radio 1', 'Ether Radio 4']);
    // A channel without sub-channels has no group.
    expect(within(list()).getAllByRole('list')).toHaveLength(1);
  });

  it('is operated by keyboard across the groups: arrows, Home, End, Enter and Escape', async () => {
    const changeChannel = renderPicker();
    openButton().focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('list', { name: 'Zenders' });
    const button = (name: string) => within(list()).getByRole('button', { name });
    expect(button('Ether Radio 2')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(button('Soul & Jazz')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(button('Ether Radio 1')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(button('Ether Radio 4')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(button('Ether Radio 2')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(button('Ether Radio 4')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(button('Ether Radio 2')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Zenders' })).toBeNull();
    expect(openButton()).toHaveFocus();
    expect(openButton()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(changeChannel).toHaveBeenCalledWith('soulenjazz');
    expect(screen.queryByRole('list', { name: 'Zenders' })).toBeNull();
  });
});

describe('the cut edges of a list that scrolls', () => {
  // jsdom lays nothing out: the list is given the sizes Chromium gives it, 8 channels in 169 px.
  const scrollTops = new WeakMap<Element, number>();
  const saved = {
    scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight'),
    clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
    scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop'),
  };
  const isList = (el: Element) => el.classList.contains('channel-picker__list');
  beforeEach(() => {
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get(this: Element) {
        return isList(this) ? 256 : 0;
      },
    });
    Object.defineProperty(Element.prototype, 'clientHeight', {
      configurable: true,
      get(this: Element) {
        return isList(this) ? 169 : 0;
      },
    });
    Object.defineProperty(Element.prototype, 'scrollTop', {
      configurable: true,
      get(this: Element) {
        return scrollTops.get(this) ?? 0;
      },
      set(this: Element, value: number) {
        scrollTops.set(this, value);
      },
    });
  });
  afterEach(() => {
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(Element.prototype, name, descriptor);
    }
  });

  it('shows an arrow below at the top, both in between, and one above at the end', async () => {
    renderPicker();
    await openList();
    expect(arrows()).toEqual(['channel-picker__more channel-picker__more--below']);
    for (const more of document.querySelectorAll('.channel-picker__more')) {
      expect(more).toHaveAttribute('aria-hidden', 'true');
    }
    list().scrollTop = 40;
    fireEvent.scroll(list());
    expect(arrows()).toEqual([
      'channel-picker__more channel-picker__more--above',
      'channel-picker__more channel-picker__more--below',
    ]);
    list().scrollTop = 256 - 169;
    fireEvent.scroll(list());
    expect(arrows()).toEqual(['channel-picker__more channel-picker__more--above']);
  });

  it('shows no arrow when every channel fits', async () => {
    Object.defineProperty(Element.prototype, 'scrollHeight', {
      configurable: true,
      get(this: Element) {
        return isList(this) ? 128 : 0;
      },
    });
    Object.defineProperty(Element.prototype, 'clientHeight', {
      configurable: true,
      get(this: Element) {
        return isList(this) ? 128 : 0;
      },
    });
    renderPicker();
    await openList();
    expect(arrows()).toEqual([]);
  });
});
