import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { video } from '../test/fixtures';
import { VideoPlayer } from './video-player';

describe('VideoPlayer', () => {
  it('plays the real video file', () => {
    const { container } = render(<VideoPlayer video={video} />);
    const el = container.querySelector('video');
    expect(el).toHaveAttribute('src', '/media/videos/achter-de-schermen.mp4');
    expect(el).toHaveAttribute('controls');
  });
  it("shows 'Video niet beschikbaar' with the error and hides the player on an error", () => {
    const { container } = render(<VideoPlayer video={video} />);
    const el = container.querySelector('video') as HTMLVideoElement;
    Object.defineProperty(el, 'error', { value: { code: 4 } });
    fireEvent.error(el);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Video niet beschikbaar: Dit videoformaat of deze bron wordt niet ondersteund.',
    );
    expect(container.querySelector('.video__container')).not.toBeVisible();
  });
});

describe('VideoPlayer with a video of the media library', () => {
  const hls = { ...video, videoUrl: `/uploads/videos/${'b'.repeat(64)}/master.m3u8` };

  it('gives a browser that plays HLS itself the master playlist, with the poster', async () => {
    const canPlay = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = (type: string) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '';
    try {
      const { container } = render(<VideoPlayer video={hls} />);
      const el = container.querySelector('video') as HTMLVideoElement;
      await waitFor(() => expect(el.getAttribute('src')).toBe(hls.videoUrl));
      expect(el).toHaveAttribute('poster');
    } finally {
      HTMLMediaElement.prototype.canPlayType = canPlay;
    }
  });

  it('never hands a browser without HLS the playlist as a plain file', () => {
    const { container } = render(<VideoPlayer video={hls} />);
    expect(container.querySelector('video')).not.toHaveAttribute('src', hls.videoUrl);
  });
});
