import { describe, expect, it } from 'vitest';
import { canonicalPath, hiddenOverlays, isCmsPreview } from './path-rules';

const none = { player: false, eventModal: false, maintenanceBanner: false };

describe('hiddenOverlays', () => {
  it('hides nothing on ordinary pages', () => {
    expect(hiddenOverlays('/', '')).toEqual(none);
    expect(hiddenOverlays('/gids', '?channel=radio1')).toEqual(none);
    expect(hiddenOverlays('/thema/top-2000-dagen', '')).toEqual(none);
  });

  it('hides the player and the modal in a content-management preview', () => {
    expect(hiddenOverlays('/preview/artikel/1', '?x-craft-live-preview=abc&token=1')).toEqual({
      player: true,
      eventModal: true,
      maintenanceBanner: false,
    });
    expect(hiddenOverlays('/nieuws/preview', '?x-craft-live-preview')).toMatchObject({ player: true });
  });

  it('needs both the /preview path and the query for a preview', () => {
    expect(isCmsPreview('/preview/artikel/1', '')).toBe(false);
    expect(isCmsPreview('/preview/artikel/1', '?token=1')).toBe(false);
    expect(isCmsPreview('/nieuws/artikel', '?x-craft-live-preview=1')).toBe(false);
    expect(hiddenOverlays('/preview/artikel/1', '?token=1')).toEqual(none);
  });

  it('hides all three in app views', () => {
    const all = { player: true, eventModal: true, maintenanceBanner: true };
    expect(hiddenOverlays('/app/nieuws', '')).toEqual(all);
    expect(hiddenOverlays('/app', '')).toEqual(all);
    expect(hiddenOverlays('/applaus', '')).toEqual(none);
  });

  it('judges the canonical form of a path: /live/ and //live are /live, /app/ and //app/x are app views', () => {
    expect(hiddenOverlays('/live/', '')).toEqual({ ...none, player: true });
    expect(hiddenOverlays('//live', '')).toEqual({ ...none, player: true });
    const all = { player: true, eventModal: true, maintenanceBanner: true };
    expect(hiddenOverlays('//app/thema/zomer/', '')).toEqual(all);
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('')).toBe('/');
    expect(canonicalPath('/zoeken/de%20golven/')).toBe('/zoeken/de%20golven');
  });

  it('hides only the player on /live', () => {
    expect(hiddenOverlays('/live', '')).toEqual({
      player: true,
      eventModal: false,
      maintenanceBanner: false,
    });
    expect(hiddenOverlays('/live/radio2', '')).toEqual(none);
  });

  it('hides nothing on the pop-out player (it is frameless, not hidden)', () => {
    expect(hiddenOverlays('/popout/radio2', '')).toEqual(none);
  });
});
