import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOptions, type ContentItem, type ContentType } from '../../api/content-client';
import type { AudioMedia } from '../../api/media-client';
import { contentField, typeNeeds } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ContentForm } from './content-form';
import { CHOOSE_AUDIO_MESSAGE, contentSchema, fromFormValues } from './content-schema';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOptions();
});

const field = contentField;

// Bulletins as GET /api/admin/content-types describes them.
const bulletins: ContentType = {
  name: 'bulletins',
  label: 'Nieuwsbulletins',
  labelSingular: 'Nieuwsbulletin',
  titleField: 'title',
  slugField: '',
  publication: 'dated',
  revisions: false,
  settings: false,
  preview: false,
  archivable: false,
  needs: typeNeeds('dated'),
  origin: '',
  fields: [
    field('title', 'Titel', 'text', { required: true }),
    field('audio', 'Audio uit de mediabibliotheek', 'audio', { required: true }),
    field('audioPath', 'Audiobestand', 'text', { derived: 'path', maxLength: 500 }),
    field('durationMs', 'Duur', 'integer', { derived: 'durationMs' }),
  ],
};

const interview: AudioMedia = {
  id: 12,
  kind: 'audio',
  status: 'ready',
  progress: 100,
  error: null,
  name: 'Journaal 12 uur.wav',
  mimeType: 'audio/mpeg',
  sizeBytes: 96000,
  credit: '',
  caption: '',
  url: `/uploads/audio/${'a'.repeat(64)}.mp3`,
  durationMs: 6034,
  durationSeconds: 6,
  loudnessLufs: -16,
};

const seeded: ContentItem = {
  id: '3',
  version: 2,
  title: 'Journaal van 8 uur',
  state: 'online',
  published: true,
  publishAt: '2026-11-21T07:00:00Z',
  unpublishAt: null,
  values: {
    title: 'Journaal van 8 uur',
    audio: null,
    audioPath: 'bulletins/acht-uur.mp3',
    durationMs: 125000,
  },
};

const library = () => json({ items: [interview], total: 1, page: 1, pageSize: 24 });

describe('the audio field in the schema', () => {
  it('asks for audio only when the item plays none yet, and never sends the derived fields', () => {
    const form = { title: 'Journaal', audio: '', audioPath: '', durationMs: '' };
    expect(contentSchema(bulletins).safeParse(form).error?.issues[0]?.message).toBe(CHOOSE_AUDIO_MESSAGE);
    expect(contentSchema(bulletins, seeded.values).safeParse(form).success).toBe(true);
    expect(fromFormValues(bulletins, { ...form, audio: '12', audioPath: 'x.mp3' }, undefined)).toEqual({
      title: 'Journaal',
      audio: 12,
    });
    expect(fromFormValues(bulletins, form, seeded.values)).toEqual({ title: 'Journaal', audio: null });
  });
});

describe('ContentForm with an audio field', () => {
  it('makes a bulletin with audio chosen from the library and sends its id only', async () => {
    const fetch = server({
      'GET /api/admin/media?kind=audio': library,
      'POST /api/admin/content/bulletins': () => json({ item: { ...seeded, id: '9', version: 1 } }, 201),
    });
    const onSaved = vi.fn();
    render(<ContentForm type={bulletins} onSaved={onSaved} />);
    // Derived fields are not form fields.
    expect(screen.queryByLabelText(/Audiobestand/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Duur/)).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Titel (verplicht)'), 'Journaal van 12 uur');
    const audio = screen.getByRole('combobox', { name: 'Audio uit de mediabibliotheek (verplicht)' });
    // Nothing chosen: the form says so on the field and moves the focus there.
    await userEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(audio).toHaveFocus());
    expect(audio).toHaveAccessibleDescription(expect.stringContaining(CHOOSE_AUDIO_MESSAGE));

    await screen.findByRole('option', { name: 'Journaal 12 uur.wav (0:06)' });
    await userEvent.selectOptions(audio, 'Journaal 12 uur.wav (0:06)');
    await userEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      values: { title: 'Journaal van 12 uur', audio: 12 },
    });
  });

  it("shows the server's refusal on the audio field and what a seeded item plays now", async () => {
    server({
      'GET /api/admin/media?kind=audio': library,
      'PUT /api/admin/content/bulletins/3': () =>
        json(
          {
            error: {
              code: 'invalid_fields',
              message: 'Niet alle velden zijn goed ingevuld.',
              fields: {
                audio: 'Dit audiobestand wordt nog verwerkt. Wacht tot het klaar is en kies het dan.',
              },
            },
          },
          422,
        ),
    });
    render(<ContentForm type={bulletins} item={seeded} onSaved={vi.fn()} />);
    // What the derived fields hold is shown as text.
    const derived = [...document.querySelectorAll('.admin-derived')].map((p) => p.textContent);
    expect(derived).toEqual(['Audiobestand: bulletins/acht-uur.mp3', 'Duur: 2:05']);
    const audio = screen.getByRole('combobox', { name: 'Audio uit de mediabibliotheek (verplicht)' });
    expect(audio).toHaveAccessibleDescription(expect.stringContaining('Nu: bulletins/acht-uur.mp3.'));

    await screen.findByRole('option', { name: 'Journaal 12 uur.wav (0:06)' });
    await userEvent.selectOptions(audio, 'Journaal 12 uur.wav (0:06)');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(audio).toHaveAccessibleDescription(
        expect.stringContaining('Dit audiobestand wordt nog verwerkt.'),
      ),
    );
    expect(audio).toHaveAttribute('aria-invalid', 'true');
    expect(audio).toHaveFocus();
  });
});
