import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollDistance, ScrollingTitle } from './scrolling-title';

// jsdom lays nothing out: the widths the browser would measure are given per test.
function widths(text: number, box: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(text);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
}

afterEach(() => vi.restoreAllMocks());

describe('the mini player title', () => {
  it('moves by as much as it overflows, and not at all when it fits', () => {
    expect(scrollDistance(250.4, 200)).toBe(51);
    expect(scrollDistance(200, 200)).toBe(0);
    expect(scrollDistance(120, 200)).toBe(0);
  });

  it('does not move a short title', () => {
    widths(120, 200);
    render(<ScrollingTitle text="Golden Hour Drive" />);
    const text = screen.getByText('Golden Hour Drive');
    expect(text).not.toHaveClass('mini-player__scroll--moving');
    expect(text.style.getPropertyValue('--mini-player-scroll')).toBe('');
  });

  it('scrolls a long title from its first letter to its last', () => {
    widths(480, 300);
    render(<ScrollingTitle text="Een heel lange titel die niet in het vak past" />);
    const text = screen.getByText('Een heel lange titel die niet in het vak past');
    expect(text).toHaveClass('mini-player__scroll--moving');
    expect(text.style.getPropertyValue('--mini-player-scroll')).toBe('-180px');
  });
});
