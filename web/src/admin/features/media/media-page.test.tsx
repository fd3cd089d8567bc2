import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AudioMedia, ImageMedia } from '../../api/media-client';
import { MediaPage } from './media-page';

afterEach(() => vi.unstubAllGlobals());

const image = (id: number, name: string): ImageMedia => ({
  id,
  kind: 'image',
  status: 'ready',
  progress: 100,
  error: null,
  name,
  mimeType: 'image/jpeg',
  sizeBytes: 1000,
  url: `/uploads/images/${id}/{format}.webp`,
  contentUrl: `/uploads/images/${id}/w_1080.webp`,
  originalUrl: `/uploads/images/${id}/original.jpg`,
  width: 800,
  height: 600,
  focalPoint: { x: 0.5, y: 0.5 },
});

describe('MediaPage', () => {
  it('pages through the images, 24 at a time as the server lists them', async () => {
    const fetch = vi.fn((url: string) => {
      const query = new URL(url, 'http://localhost').searchParams;
      const page = Number(query.get('page') ?? '1');
      const body =
        query.get('kind') === 'image'
          ? { items: [image(page, `Foto op pagina ${page}`)], total: 30, page, pageSize: 24 }
          : { items: [], total: 0, page: 1, pageSize: 24 };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetch);
    render(<MediaPage />);
    expect(await screen.findByText('Foto op pagina 1')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: "Pagina's van de afbeeldingen" });
    expect(within(pager).getByRole('button', { name: 'Vorige' })).toBeDisabled();
    // One page of audio (none at all) has no pager.
    expect(screen.queryByRole('navigation', { name: "Pagina's van de audio" })).not.toBeInTheDocument();

    await userEvent.click(within(pager).getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Foto op pagina 2')).toBeInTheDocument();
    expect(screen.queryByText('Foto op pagina 1')).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/admin/media?kind=image&page=2', expect.anything());
    expect(within(pager).getByRole('button', { name: 'Volgende' })).toBeDisabled();
    await waitFor(() => expect(within(pager).getByRole('button', { name: 'Vorige' })).toBeEnabled());
  });

  it('shows audio the server found damaged as Beschadigd, with what is wrong, and offers no player', async () => {
    const audio = (id: number, name: string, change: Partial<AudioMedia>): AudioMedia => ({
      id,
      kind: 'audio',
      status: 'ready',
      progress: 100,
      error: null,
      name,
      mimeType: 'audio/mpeg',
      sizeBytes: 1000,
      url: `/uploads/audio/${id}.mp3`,
      durationMs: 185_000,
      durationSeconds: 185,
      loudnessLufs: -16,
      ...change,
    });
    const items = [
      audio(1, 'heel.mp3', {}),
      audio(2, 'kapot.mp3', {
        status: 'broken',
        error: 'Beschadigd: van de 3:05 is op de server nog maar 0:12 over. Upload het opnieuw.',
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const kind = new URL(url, 'http://localhost').searchParams.get('kind');
        const body =
          kind === 'audio'
            ? { items, total: 2, page: 1, pageSize: 24 }
            : { items: [], total: 0, page: 1, pageSize: 24 };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
    );
    render(<MediaPage />);
    const broken = (await screen.findByText(/kapot\.mp3/)).closest('li');
    expect(broken).toHaveTextContent(
      'kapot.mp3 · Beschadigd: van de 3:05 is op de server nog maar 0:12 over. Upload het opnieuw.',
    );
    if (!broken) throw new Error('no list item');
    expect(within(broken).queryByRole('link', { name: 'Beluisteren (MP3)' })).toBeNull();
    const whole = screen.getByText(/heel\.mp3/).closest('li');
    if (!whole) throw new Error('no list item');
    expect(whole).toHaveTextContent('heel.mp3 · 3:05 · -16.0 LUFS');
    expect(within(whole).getByRole('link', { name: 'Beluisteren (MP3)' })).toBeInTheDocument();
  });
});
