import { describe, expect, it, vi } from 'vitest';
import { pauseOtherMedia } from './media';

describe('pauseOtherMedia', () => {
  it('pauses every other playing element', () => {
    document.body.innerHTML = '<audio id="a"></audio><audio id="b"></audio><video id="c"></video>';
    const [a, b, c] = ['a', 'b', 'c'].map((id) => document.getElementById(id) as HTMLMediaElement);
    for (const el of [a, b, c]) Object.defineProperty(el, 'paused', { value: false, configurable: true });
    const pauses = [a, b, c].map((el) =>
      vi.spyOn(el as HTMLMediaElement, 'pause').mockImplementation(() => undefined),
    );
    pauseOtherMedia(a as HTMLMediaElement);
    expect(pauses[0]).not.toHaveBeenCalled();
    expect(pauses[1]).toHaveBeenCalledOnce();
    expect(pauses[2]).toHaveBeenCalledOnce();
  });
});
