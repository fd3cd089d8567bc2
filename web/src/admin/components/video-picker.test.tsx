import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Media, VideoMedia } from '../api/media-client';
import { json, server } from '../test-support/fake-server';
import { VideoPicker } from './video-picker';
import { videoChoice } from './video-choice';

afterEach(() => vi.unstubAllGlobals());

const video = (
  id: number,
  name: string,
  seconds: number,
  status: VideoMedia['status'] = 'ready',
): VideoMedia => {
  const hash = String(id).padStart(64, '0');
  return {
    id,
    kind: 'video',
    status,
    progress: status === 'ready' ? 100 : 40,
    error: null,
    name,
    mimeType: 'application/vnd.apple.mpegurl',
    sizeBytes: seconds * 400000,
    credit: '',
    caption: '',
    url: `/uploads/videos/${hash}/master.m3u8`,
    posterUrl: `/uploads/videos/${hash}/poster.jpg`,
    width: 1280,
    height: 720,
    durationMs: seconds * 1000,
    durationSeconds: seconds,
  };
};

const library = (items: Media[]) => json({ items, total: items.length, page: 1, pageSize: 24 });

function Harness({ initial = '' }: { initial?: string }) {
  const [values, setValues] = useState({ path: initial, durationMs: '', posterUrl: '' });
  return (
    <form>
      <VideoPicker
        id="video-library"
        value={values.path}
        onChoose={(media) => setValues(videoChoice(media))}
      />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </form>
  );
}

describe('VideoPicker', () => {
  it('lists only the ready videos and fills file, duration and poster when one is chosen by keyboard', async () => {
    server({
      'GET /api/admin/media?kind=video': () =>
        library([video(3, 'Interview.mp4', 65), video(4, 'Bezig.mp4', 10, 'processing')]),
    });
    render(<Harness />);
    const select = await screen.findByRole('combobox', { name: 'Video uit de mediabibliotheek' });
    await screen.findByRole('option', { name: 'Interview.mp4 (1:05, 1280×720)' });
    expect(screen.queryByRole('option', { name: /Bezig/ })).not.toBeInTheDocument();
    select.focus();
    await userEvent.selectOptions(select, 'Interview.mp4 (1:05, 1280×720)');
    expect(JSON.parse(screen.getByTestId('values').textContent ?? '{}')).toEqual({
      path: video(3, '', 65).url,
      durationMs: '65000',
      posterUrl: video(3, '', 65).posterUrl,
    });
  });

  it('shows a stored library video as chosen, and a typed path as another file', async () => {
    server({ 'GET /api/admin/media?kind=video': () => library([video(5, 'Reportage.mp4', 30)]) });
    const { unmount } = render(<Harness initial={video(5, '', 30).url} />);
    const select = await screen.findByRole('combobox', { name: 'Video uit de mediabibliotheek' });
    await waitFor(() => expect(select).toHaveDisplayValue('Reportage.mp4 (0:30, 1280×720)'));
    unmount();
    render(<Harness initial="videos/samenvatting.mp4" />);
    const other = await screen.findByRole('combobox', { name: 'Video uit de mediabibliotheek' });
    expect(other).toHaveDisplayValue('(ander bestand, zie hieronder)');
  });
});
