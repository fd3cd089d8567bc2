import { describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_ATTRIBUTE, otherMediaPlaying, pauseOtherMedia, pauseWhenOtherMediaPlays } from './media';

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

describe('otherMediaPlaying', () => {
  it('is true while another element plays, not for the element itself', () => {
    document.body.innerHTML = '<audio id="own"></audio><video id="other"></video>';
    const own = document.getElementById('own') as HTMLAudioElement;
    const other = document.getElementById('other') as HTMLVideoElement;
    Object.defineProperty(own, 'paused', { value: false, configurable: true });
    expect(otherMediaPlaying(own)).toBe(false);
    Object.defineProperty(other, 'paused', { value: false, configurable: true });
    expect(otherMediaPlaying(own)).toBe(true);
  });
});

describe('pauseWhenOtherMediaPlays', () => {
  it('pauses its element when another one starts, and not for its own play', () => {
    document.body.innerHTML = '<video id="own"></video><audio id="other"></audio>';
    const own = document.getElementById('own') as HTMLVideoElement;
    const other = document.getElementById('other') as HTMLAudioElement;
    Object.defineProperty(own, 'paused', { value: false, configurable: true });
    const pause = vi.spyOn(own, 'pause').mockImplementation(() => undefined);
    const stop = pauseWhenOtherMediaPlays(() => own);
    own.dispatchEvent(new Event('play'));
    expect(pause).not.toHaveBeenCalled();
    other.dispatchEvent(new Event('play'));
    expect(pause).toHaveBeenCalledOnce();
    stop();
    other.dispatchEvent(new Event('play'));
    expect(pause).toHaveBeenCalledOnce();
  });

  it("lets an autoplay that starts meanwhile yield: the radio's first load does not stop a video the listener started", () => {
    document.body.innerHTML = '<video id="own"></video><audio id="radio" data-autoplay></audio>';
    const own = document.getElementById('own') as HTMLVideoElement;
    const radio = document.getElementById('radio') as HTMLAudioElement;
    Object.defineProperty(own, 'paused', { value: false, configurable: true });
    const pauseOwn = vi.spyOn(own, 'pause').mockImplementation(() => undefined);
    const pauseRadio = vi.spyOn(radio, 'pause').mockImplementation(() => undefined);
    const stop = pauseWhenOtherMediaPlays(() => own);
    radio.dispatchEvent(new Event('play'));
    expect(pauseOwn).not.toHaveBeenCalled();
    expect(pauseRadio).toHaveBeenCalledOnce();
    // Started by the listener (no mark), the radio stops the video as before.
    radio.removeAttribute(AUTOPLAY_ATTRIBUTE);
    radio.dispatchEvent(new Event('play'));
    expect(pauseOwn).toHaveBeenCalledOnce();
    stop();
  });
});
