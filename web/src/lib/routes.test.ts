import { describe, expect, it } from 'vitest';
import {
  buildUrl,
  isAppVariant,
  isInAppLink,
  isPopout,
  popoutChannel,
  routes,
  toAppPath,
  withHash,
} from './routes';

const defaults = { today: '2026-11-21', defaultChannel: 'radio2' };

describe('buildUrl', () => {
  it('leaves out empty and default values and sorts keys ignoring case', () => {
    expect(buildUrl('/x', { b: '2', A: '1', c: '', d: null, e: undefined, page: 1 }, { page: '1' })).toBe(
      '/x?A=1&b=2',
    );
    expect(buildUrl('/x', { Zeta: 'z', alpha: 'a', Beta: 'b' })).toBe('/x?alpha=a&Beta=b&Zeta=z');
  });
  it('encodes values and appends an optional hash', () => {
    expect(buildUrl('/x', { tag: 'rock & roll' }, {}, 'top')).toBe('/x?tag=rock%20%26%20roll#top');
    expect(buildUrl('/x', {}, {}, '#top')).toBe('/x#top');
    expect(withHash('/x?a=1', 'b')).toBe('/x?a=1#b');
    expect(withHash('/x', '')).toBe('/x');
  });
});

describe('routes', () => {
  it('builds the simple routes', () => {
    expect(routes.home()).toBe('/');
    expect(routes.sitemap()).toBe('/sitemap');
    expect(routes.sitemap('nieuws')).toBe('/sitemap/nieuws');
    expect(routes.live()).toBe('/live');
    expect(routes.live('3fm', { today: '2026-11-21', defaultChannel: 'radio2' })).toBe('/live?channel=3fm');
    expect(routes.live('radio2', { today: '2026-11-21', defaultChannel: 'radio2' })).toBe('/live');
    expect(routes.programmas()).toBe('/programmas');
    expect(routes.programma('de-ochtendploeg')).toBe('/programmas/de-ochtendploeg');
    expect(routes.presentatoren()).toBe('/presentatoren');
    expect(routes.presentatoren('jan-de-vries')).toBe('/presentatoren/jan-de-vries');
    expect(routes.podcasts()).toBe('/podcasts');
    expect(routes.podcast('sportpraat')).toBe('/podcasts/sportpraat');
    expect(routes.podcastAflevering('sportpraat', 12, 'de-finale')).toBe('/podcasts/sportpraat/12/de-finale');
    expect(routes.podcastFeed('sportpraat')).toBe('/podcasts/sportpraat/feed.xml');
    expect(routes.overzicht('zomer')).toBe('/overzicht/zomer');
    expect(routes.videos()).toBe('/videos');
  });

  it('gedraaid leaves out today, the default channel, page 1 and the whole day', () => {
    expect(routes.gedraaid({}, defaults)).toBe('/gedraaid');
    expect(routes.gedraaid({ date: '2026-11-21', channel: 'radio2', page: 1, time: '0_24' }, defaults)).toBe(
      '/gedraaid',
    );
    expect(routes.gedraaid({ date: '2026-11-20' }, defaults)).toBe('/gedraaid/20-11-2026');
    expect(routes.gedraaid({ date: '2026-11-20', channel: '3fm', page: 2, time: '9_10' }, defaults)).toBe(
      '/gedraaid/20-11-2026?channel=3fm&page=2&time=9_10',
    );
    expect(routes.gedraaid({ channel: 'radio2', time: '23_24' }, defaults)).toBe('/gedraaid?time=23_24');
  });

  it('gids uses the date path only when all three parts are given', () => {
    expect(routes.gids(null, null, defaults)).toBe('/gids');
    expect(routes.gids({ year: 2026, month: 11 }, null, defaults)).toBe('/gids');
    expect(routes.gids({ year: 2026, month: 3, day: 9 }, 'radio2', defaults)).toBe('/gids/2026/03/09');
    expect(routes.gids({ year: '2026', month: '11', day: '21' }, 'radio1', defaults)).toBe(
      '/gids/2026/11/21?channel=radio1',
    );
    expect(routes.gids(null, 'kx', defaults)).toBe('/gids?channel=kx');
  });

  it('programme sub-pages', () => {
    expect(routes.programmaFragmenten('koffiepauze', {}, defaults)).toBe(
      '/programmas/koffiepauze/fragmenten',
    );
    expect(
      routes.programmaFragmenten('koffiepauze', { date: '2026-11-21', page: 1, tag: 'Interview' }, defaults),
    ).toBe('/programmas/koffiepauze/fragmenten?tag=Interview');
    expect(routes.programmaFragmenten('koffiepauze', { date: '2026-11-19', page: 3 }, defaults)).toBe(
      '/programmas/koffiepauze/fragmenten?date=19-11-2026&page=3',
    );
    expect(routes.programmaNieuws('koffiepauze')).toBe('/programmas/koffiepauze/nieuws');
    expect(routes.programmaNieuws('koffiepauze', { category: 'sport', page: 2 })).toBe(
      '/programmas/koffiepauze/nieuws?category=sport&page=2',
    );
  });

  it('news and articles, with the app variant', () => {
    expect(routes.nieuws()).toBe('/nieuws');
    expect(routes.nieuws('sport')).toBe('/nieuws/sport');
    expect(routes.nieuws('sport', { page: 1, tag: '' })).toBe('/nieuws/sport');
    expect(routes.nieuws(null, { page: 2, tag: 'EK' })).toBe('/nieuws?page=2&tag=EK');
    expect(routes.artikel('sport', 42, 'oranje-wint')).toBe('/nieuws/sport/42/oranje-wint');
    expect(routes.artikel('sport', 42, 'oranje-wint', { app: true })).toBe(
      '/app/nieuws/sport/42/oranje-wint',
    );
  });

  it('fragmenten, and the programme link when program is given', () => {
    expect(routes.fragmenten({}, defaults)).toBe('/fragmenten');
    expect(routes.fragmenten({ date: '2026-11-21', page: 1 }, defaults)).toBe('/fragmenten');
    expect(routes.fragmenten({ date: '2026-11-18', page: 2, tag: 'Live' }, defaults)).toBe(
      '/fragmenten?date=18-11-2026&page=2&tag=Live',
    );
    expect(routes.fragmenten({ program: 'de middagshow', tag: 'Live', page: 3 }, defaults)).toBe(
      '/programmas/de-middagshow/fragmenten?tag=Live',
    );
    expect(routes.fragmenten({ program: 'koffiepauze' }, defaults)).toBe(
      '/programmas/koffiepauze/fragmenten',
    );
  });

  it('fragment and broadcast details write missing parts as null', () => {
    expect(routes.fragment('koffiepauze', 7, '2026-11-20', 'live-sessie')).toBe(
      '/fragmenten/koffiepauze/7/2026-11-20-live-sessie',
    );
    expect(routes.fragment(null, 7, undefined, '')).toBe('/fragmenten/null/7/null-null');
    expect(routes.uitzending('avondrood', 99, '2026-11-20', 'avondrood')).toBe(
      '/uitzendingen/avondrood/99/2026-11-20-avondrood',
    );
    expect(routes.uitzending(null, null, null, null)).toBe('/uitzendingen/null/null/null-null');
    expect(routes.uitzendingen()).toBe('/uitzendingen');
    expect(routes.uitzendingen({ programme: 'avondrood' })).toBe('/uitzendingen?programme=avondrood');
  });

  it('theme, overview preview and search', () => {
    expect(routes.thema('zomer')).toBe('/thema/zomer');
    expect(routes.thema('zomer', { app: true })).toBe('/app/thema/zomer');
    expect(routes.overzichtPreview(5, { token: 'abc', 'x-craft-live-preview': '1', Alpha: '' })).toBe(
      '/overzicht/preview/5?token=abc&x-craft-live-preview=1',
    );
    expect(routes.zoeken('rock & roll/ä')).toBe('/zoeken/rock%20%26%20roll%2F%C3%A4');
  });

  it("a song's page, as the server's routes::track writes it, or '#' without id or slug", () => {
    expect(routes.nummer(12, 'zomeravond')).toBe('/nummers/12/zomeravond');
    expect(routes.nummer('12', 'zomer avond')).toBe('/nummers/12/zomer%20avond');
    expect(routes.nummer(null, 'zomeravond')).toBe('#');
    expect(routes.nummer(undefined, 'zomeravond')).toBe('#');
    expect(routes.nummer(12, null)).toBe('#');
    expect(routes.nummer(12, '')).toBe('#');
    // id 0 is an id the spec's rule leaves to the route; the server answers 404 for it.
    expect(routes.nummer(0, 'x')).toBe('/nummers/0/x');
  });
});

describe('isInAppLink', () => {
  const base = 'https://ether.example';
  it('treats internal paths and the own base URL as in-app', () => {
    expect(isInAppLink('/gids', base)).toBe(true);
    expect(isInAppLink('#top', base)).toBe(true);
    expect(isInAppLink('https://ether.example', base)).toBe(true);
    expect(isInAppLink('https://ether.example/nieuws?page=2', base)).toBe(true);
    expect(isInAppLink('https://ether.example/', base + '/')).toBe(true);
  });
  it('treats everything else as external', () => {
    expect(isInAppLink('https://ether.example.evil.com/x', base)).toBe(false);
    expect(isInAppLink('//cdn.example/x', base)).toBe(false);
    expect(isInAppLink('https://other.example/', base)).toBe(false);
    expect(isInAppLink('mailto:a@b.nl', base)).toBe(false);
    expect(isInAppLink('https://x.nl', '')).toBe(false);
  });
  it('reduces own absolute URLs to the path', () => {
    expect(toAppPath('https://ether.example/nieuws?page=2#a', base)).toBe('/nieuws?page=2#a');
    expect(toAppPath('https://ether.example', base)).toBe('/');
    expect(toAppPath('/gids', base)).toBe('/gids');
  });
  it('knows the app variant paths', () => {
    expect(isAppVariant('/app/thema/x')).toBe(true);
    expect(isAppVariant('/apps')).toBe(false);
    expect(isAppVariant('/')).toBe(false);
  });
});

describe('pop-out player paths', () => {
  it('knows the pop-out window and its channel', () => {
    expect(isPopout('/popout/radio2')).toBe(true);
    expect(isPopout('/live')).toBe(false);
    expect(popoutChannel('/popout/3fm')).toBe('3fm');
    expect(popoutChannel('/popout/3fm/')).toBe('3fm');
    expect(popoutChannel('/popout/Bad Slug')).toBeNull();
    expect(popoutChannel('/gids')).toBeNull();
  });
});
