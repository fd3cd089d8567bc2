import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AudioMedia, Media } from '../api/media-client';
import { json, server } from '../test-support/fake-server';
import { stubUploads } from '../test-support/fake-xhr';
import { AudioPicker } from './audio-picker';

afterEach(() => vi.unstubAllGlobals());

const audio = (
  id: number,
  name: string,
  seconds: number,
  status: AudioMedia['status'] = 'ready',
): AudioMedia => ({
  id,
  kind: 'audio',
  status,
  progress: status === 'ready' ? 100 : 40,
  error: null,
  name,
  mimeType: 'audio/mpeg',
  sizeBytes: seconds * 16000,
  credit: '',
  caption: '',
  url: `/uploads/audio/${String(id).padStart(64, '0')}.mp3`,
  durationMs: seconds * 1000,
  durationSeconds: seconds,
  loudnessLufs: -16,
});

const library = (items: Media[], total = items.length) => json({ items, total, page: 1, pageSize: 24 });

function Harness({ initial = '', current, error }: { initial?: string; current?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <form>
      <AudioPicker
        id="episode-audio"
        label="Audio uit de mediabibliotheek"
        required
        value={value}
        onChange={setValue}
        current={current}
        error={error}
      />
      <output data-testid="value">{value}</output>
    </form>
  );
}

describe('AudioPicker', () => {
  it('lists only the ready audio of the library, by keyboard, and loads more on request', async () => {
    const fetch = server({
      'GET /api/admin/media?kind=audio': () =>
        library([audio(3, 'Interview.wav', 245), audio(4, 'Bezig.wav', 10, 'processing')], 30),
      'GET /api/admin/media?kind=audio&page=2': () => library([audio(1, 'Oud journaal.mp3', 62)], 30),
    });
    render(<Harness />);
    const select = await screen.findByRole('combobox', { name: 'Audio uit de mediabibliotheek (verplicht)' });
    await screen.findByRole('option', { name: 'Interview.wav (4:05)' });
    expect(screen.queryByRole('option', { name: /Bezig/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Meer audio laden' }));
    await screen.findByRole('option', { name: 'Oud journaal.mp3 (1:02)' });
    expect(fetch).toHaveBeenCalledWith('/api/admin/media?kind=audio&page=2', expect.anything());
    expect(screen.queryByRole('button', { name: 'Meer audio laden' })).not.toBeInTheDocument();

    select.focus();
    await userEvent.selectOptions(select, 'Oud journaal.mp3 (1:02)');
    expect(screen.getByTestId('value')).toHaveTextContent('1');
  });

  it('asks for the chosen item by itself when it is older than the pages loaded', async () => {
    const fetch = server({
      'GET /api/admin/media?kind=audio': () => library([audio(9, 'Nieuw.wav', 30)], 40),
      'GET /api/admin/media/2': () => json({ media: audio(2, 'Aflevering 1.wav', 1800) }),
    });
    render(<Harness initial="2" />);
    const select = await screen.findByRole('combobox', { name: /Audio uit de mediabibliotheek/ });
    await waitFor(() => expect(select).toHaveDisplayValue('Aflevering 1.wav (30:00)'));
    expect(fetch).toHaveBeenCalledWith('/api/admin/media/2', expect.anything());
  });

  it('uploads new audio right there, shows its progress and chooses it once it is ready', async () => {
    server({ 'GET /api/admin/media?kind=audio': () => library([audio(3, 'Interview.wav', 245)]) });
    const sent = stubUploads([{ status: 202, body: { media: audio(12, 'nieuwe aflevering.wav', 6) } }]);
    render(<Harness />);
    await screen.findByRole('option', { name: 'Interview.wav (4:05)' });

    const file = new File(['RIFF'], 'nieuwe aflevering.wav', { type: 'audio/wav' });
    await userEvent.upload(screen.getByLabelText('Nieuwe audio uploaden'), file);

    const select = screen.getByRole('combobox', { name: /Audio uit de mediabibliotheek/ });
    await waitFor(() => expect(select).toHaveDisplayValue('nieuwe aflevering.wav (0:06)'));
    expect(screen.getByTestId('value')).toHaveTextContent('12');
    expect(sent.map((upload) => upload.url)).toEqual(['/api/admin/media/audio?name=nieuwe%20aflevering.wav']);
    expect(screen.getByText('Klaar: nieuwe aflevering.wav')).toBeInTheDocument();
  });

  it("ties the field's error and the seeded file it plays now to the list", async () => {
    server({ 'GET /api/admin/media?kind=audio': () => library([]) });
    render(<Harness current="podcasts/de-nieuwsduik-1.mp3" error="Dit is geen audiobestand." />);
    const select = await screen.findByRole('combobox', { name: /Audio uit de mediabibliotheek/ });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(
      'Nu: podcasts/de-nieuwsduik-1.mp3. Kies audio uit de lijst of upload nieuwe om die te vervangen. Dit is geen audiobestand.',
    );
    expect(within(select).getByRole('option', { name: '(ongewijzigd)' })).toBeInTheDocument();
  });
});
