import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AudioMedia, ImageMedia, VideoMedia } from '../../api/media-client';
import { json, server } from '../../test-support/fake-server';
import { libraryImage } from '../../test-support/media-fixtures';
import { MediaPage } from './media-page';

afterEach(() => vi.unstubAllGlobals());

const image = (id: number, name: string): ImageMedia =>
  libraryImage(id, name, { mimeType: 'image/jpeg', sizeBytes: 1000 });

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

  it("edits an image's credit and caption by keyboard, says they were saved, and shows a refusal", async () => {
    let stored: ImageMedia = { ...image(3, 'studio.jpg'), credit: 'ANP' };
    let refuse = false;
    const empty = () => json({ items: [], total: 0, page: 1, pageSize: 24 });
    const fetch = server({
      'GET /api/admin/media?kind=image': () => json({ items: [stored], total: 1, page: 1, pageSize: 24 }),
      'GET /api/admin/media?kind=audio': empty,
      'GET /api/admin/media?kind=video': empty,
      'PUT /api/admin/media/3/details': () => {
        if (refuse)
          return json(
            {
              error: {
                code: 'details_too_long',
                message: 'Maak het bijschrift korter: hoogstens 300 tekens.',
              },
            },
            400,
          );
        const sent = JSON.parse(String(fetch.mock.calls.at(-1)?.[1]?.body)) as {
          credit: string;
          caption: string;
        };
        stored = { ...stored, credit: sent.credit.trim(), caption: sent.caption.trim() };
        return json({ media: stored });
      },
    });
    render(<MediaPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'studio.jpg' }));
    const form = screen.getByRole('form', { name: 'Fotograaf of bron en bijschrift van studio.jpg' });
    const credit = within(form).getByLabelText('Fotograaf of bron');
    const caption = within(form).getByLabelText('Bijschrift');
    expect(credit).toHaveValue('ANP');
    expect(caption).toHaveValue('');

    await userEvent.clear(credit);
    await userEvent.type(credit, 'Foto: Anna de Vries');
    await userEvent.tab();
    expect(caption).toHaveFocus();
    await userEvent.type(caption, 'De nieuwe studio ');
    await userEvent.tab();
    const save = within(form).getByRole('button', { name: 'Opslaan' });
    expect(save).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(
      await screen.findByText('De fotograaf of bron en het bijschrift van studio.jpg zijn bewaard.'),
    ).toHaveAttribute('role', 'status');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/admin/media/3/details');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      credit: 'Foto: Anna de Vries',
      caption: 'De nieuwe studio ',
    });
    // The fields show what the server kept (trimmed).
    await waitFor(() => expect(caption).toHaveValue('De nieuwe studio'));
    expect(save).toHaveFocus();

    // A refusal shows beside the button, tied to it; what was typed stays.
    refuse = true;
    await userEvent.type(caption, ' aan de Vaartweg{Enter}');
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'De fotograaf of bron en het bijschrift zijn elk hoogstens 300 tekens lang.',
    );
    expect(save).toHaveAccessibleDescription(
      'De fotograaf of bron en het bijschrift zijn elk hoogstens 300 tekens lang.',
    );
    expect(caption).toHaveValue('De nieuwe studio aan de Vaartweg');
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
      credit: '',
      caption: '',
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

  it('deletes a failed upload, says so and keeps the focus; a refusal shows beside its button', async () => {
    const failed = (id: number, name: string): AudioMedia => ({
      id,
      kind: 'audio',
      status: 'failed',
      progress: 0,
      error: 'Dit is geen audio.',
      name,
      mimeType: '',
      sizeBytes: 0,
      credit: '',
      caption: '',
      url: '',
      durationMs: 0,
      durationSeconds: 0,
      loudnessLufs: 0,
    });
    let items = [failed(1, 'kapot.mp3'), failed(2, 'gebruikt.mp3')];
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE' && url === '/api/admin/media/1') {
        items = items.filter((item) => item.id !== 1);
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      if (init?.method === 'DELETE')
        return Promise.resolve(
          new Response(
            JSON.stringify({
              error: { code: 'in_use', message: 'Deze upload wordt nog gebruikt door een item.' },
            }),
            { status: 409 },
          ),
        );
      const kind = new URL(url, 'http://localhost').searchParams.get('kind');
      const body =
        kind === 'audio'
          ? { items, total: items.length, page: 1, pageSize: 24 }
          : { items: [], total: 0, page: 1, pageSize: 24 };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetch);
    render(<MediaPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Verwijderen kapot.mp3' }));
    expect(await screen.findByRole('status')).toHaveTextContent('kapot.mp3 is verwijderd.');
    await waitFor(() => expect(screen.queryByText(/kapot\.mp3 ·/)).toBeNull());
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();

    const keep = screen.getByRole('button', { name: 'Verwijderen gebruikt.mp3' });
    await userEvent.click(keep);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dit wordt nog ergens gebruikt en kan daarom niet weg.',
    );
    expect(keep).toHaveAccessibleDescription('Dit wordt nog ergens gebruikt en kan daarom niet weg.');
    expect(screen.getByText(/gebruikt\.mp3 ·/)).toBeInTheDocument();
  });

  it('lists the videos with their length and size, and deletes a failed one', async () => {
    const video = (id: number, name: string, change: Partial<VideoMedia>): VideoMedia => ({
      id,
      kind: 'video',
      status: 'ready',
      progress: 100,
      error: null,
      name,
      mimeType: 'video/mp4',
      sizeBytes: 1000,
      credit: '',
      caption: '',
      url: `/uploads/videos/${id}/master.m3u8`,
      posterUrl: `/uploads/videos/${id}/poster.jpg`,
      width: 1280,
      height: 720,
      durationMs: 95_000,
      durationSeconds: 95,
      ...change,
    });
    let items = [
      video(1, 'interview.mp4', {}),
      video(2, 'kapot.mov', { status: 'failed', error: 'Dit is geen video.' }),
    ];
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'DELETE' && url === '/api/admin/media/2') {
        items = items.filter((item) => item.id !== 2);
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      const kind = new URL(url, 'http://localhost').searchParams.get('kind');
      const body =
        kind === 'video'
          ? { items, total: items.length, page: 1, pageSize: 24 }
          : { items: [], total: 0, page: 1, pageSize: 24 };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetch);
    render(<MediaPage />);
    expect(await screen.findByText(/^interview\.mp4 ·/)).toHaveTextContent('interview.mp4 · 1:35 · 1280×720');
    expect(screen.getByText(/^kapot\.mov ·/)).toHaveTextContent('kapot.mov · mislukt: Dit is geen video.');
    expect(screen.getByLabelText('Video uploaden')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen kapot.mov' }));
    expect(await screen.findByRole('status')).toHaveTextContent('kapot.mov is verwijderd.');
    await waitFor(() => expect(screen.queryByText(/^kapot\.mov ·/)).not.toBeInTheDocument());
    expect(screen.getByText(/^interview\.mp4 ·/)).toBeInTheDocument();

    // A ready video can go too (issue 47), after a question, since it cannot be brought back; the
    // server refuses one an item still uses, and the refusal shows beside the button.
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen interview.mp4' }));
    expect(confirm).toHaveBeenCalledWith(
      'interview.mp4 definitief verwijderen? Dit kan niet ongedaan worden.',
    );
    expect(
      fetch.mock.calls.some(([url, init]) => url === '/api/admin/media/1' && init?.method === 'DELETE'),
    ).toBe(false);
    confirm.mockReturnValue(true);
    fetch.mockImplementationOnce(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'in_use', message: 'x' } }), { status: 409 }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen interview.mp4' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByText(/^interview\.mp4 ·/)).toBeInTheDocument();
  });
});
