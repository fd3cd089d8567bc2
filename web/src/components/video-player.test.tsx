import { fireEvent, render, screen } from '@testing-library/react';
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
