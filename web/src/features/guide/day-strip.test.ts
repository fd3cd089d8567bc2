import { describe, expect, it } from 'vitest';
import { scrollLeftToShow } from './day-strip';

const strip = { scrollLeft: 0, clientWidth: 358, scrollWidth: 1050 };

describe('scrollLeftToShow', () => {
  it('leaves the strip alone when the item is in view, clear of the edge shades', () => {
    expect(scrollLeftToShow(strip, { left: 100, width: 70 })).toBeNull();
    expect(scrollLeftToShow({ ...strip, scrollLeft: 400 }, { left: 500, width: 70 })).toBeNull();
  });

  it('centres an item that is off the strip or under a shade', () => {
    // Today, the eighth of fifteen 70 px tabs, lies off a 358 px strip scrolled to its start.
    expect(scrollLeftToShow(strip, { left: 490, width: 70 })).toBe(346);
    // Under the right-hand shade.
    expect(scrollLeftToShow(strip, { left: 290, width: 70 })).toBe(146);
    // Left of the view.
    expect(scrollLeftToShow({ ...strip, scrollLeft: 600 }, { left: 560, width: 70 })).toBe(416);
  });

  it('keeps within the scroll range', () => {
    expect(scrollLeftToShow({ ...strip, scrollLeft: 600 }, { left: 0, width: 70 })).toBe(0);
    expect(scrollLeftToShow(strip, { left: 980, width: 70 })).toBe(692);
  });
});
