import { describe, expect, it } from 'vitest';
import type { Media, VideoMedia } from '../api/media-client';
import { isLibraryVideo, isReadyVideo, videoChoice, videoLabel } from './video-choice';

const hash = 'a'.repeat(64);
const video: VideoMedia = {
  id: 7,
  kind: 'video',
  status: 'ready',
  progress: 100,
  error: null,
  name: 'interview.mp4',
  mimeType: 'application/vnd.apple.mpegurl',
  sizeBytes: 1234,
  credit: '',
  caption: '',
  url: `/uploads/videos/${hash}/master.m3u8`,
  posterUrl: `/uploads/videos/${hash}/poster.jpg`,
  width: 1280,
  height: 720,
  durationMs: 65400,
  durationSeconds: 65,
};

describe('videoChoice', () => {
  it('fills the file, the duration in ms and the poster', () => {
    expect(videoChoice(video)).toEqual({
      path: `/uploads/videos/${hash}/master.m3u8`,
      durationMs: '65400',
      posterUrl: `/uploads/videos/${hash}/poster.jpg`,
    });
  });

  it('offers only ready videos', () => {
    expect(isReadyVideo(video)).toBe(true);
    expect(isReadyVideo({ ...video, status: 'processing' })).toBe(false);
    expect(isReadyVideo({ ...video, status: 'failed' })).toBe(false);
    const audio = { ...video, kind: 'audio', loudnessLufs: -16 } as unknown as Media;
    expect(isReadyVideo(audio)).toBe(false);
  });

  it('tells a library video from a typed path', () => {
    expect(isLibraryVideo(video.url)).toBe(true);
    expect(isLibraryVideo('videos/samenvatting.mp4')).toBe(false);
    expect(isLibraryVideo(`/uploads/videos/${hash}/0/index.m3u8`)).toBe(false);
    expect(isLibraryVideo('/uploads/videos/abc/master.m3u8')).toBe(false);
  });

  it('names a video by its file, duration and size', () => {
    expect(videoLabel(video)).toBe('interview.mp4 (1:05, 1280×720)');
  });
});
