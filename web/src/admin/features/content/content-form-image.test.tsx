import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOptions, type ContentType } from '../../api/content-client';
import type { ImageMedia } from '../../api/media-client';
import { contentField, programmesType } from '../../test-support/content-fixtures';
import { json, server } from '../../test-support/fake-server';
import { ContentForm } from './content-form';
import { ALT_TEXT_REQUIRED_MESSAGE, contentSchema } from './content-schema';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOptions();
});

const field = contentField;

// Presenters as GET /api/admin/content-types describes them.
const presenters: ContentType = programmesType({
  name: 'presenters',
  label: 'Presentatoren',
  labelSingular: 'Presentator',
  slugField: '',
  archivable: true,
  origin: '',
  fields: [
    field('name', 'Naam', 'text', { required: true }),
    field('imageUrl', 'Portret', 'image', { maxLength: 2000, crops: ['ARTIST_ITEM'], altField: 'imageAlt' }),
    field('imageAlt', 'Alt-tekst van de afbeelding', 'text', { maxLength: 300 }),
  ],
});

const hash = 'b'.repeat(64);
const anna: ImageMedia = {
  id: 4,
  kind: 'image',
  status: 'ready',
  progress: 100,
  error: null,
  name: 'anna.jpg',
  mimeType: 'image/webp',
  sizeBytes: 4096,
  credit: '',
  caption: '',
  url: `/uploads/images/${hash}/f500-500/{format}.webp`,
  contentUrl: `/uploads/images/${hash}/f500-500/w_1080.webp`,
  originalUrl: `/uploads/images/${hash}/original.webp`,
  width: 800,
  height: 600,
  focalPoint: { x: 0.5, y: 0.5 },
};

describe('an image field in the schema', () => {
  it('asks for the alt text of a new image, not of one stored without it before', () => {
    const form = { name: 'Anna', imageUrl: anna.url, imageAlt: ' ' };
    const refused = contentSchema(presenters).safeParse(form).error?.issues[0];
    expect(refused?.path).toEqual(['imageAlt']);
    expect(refused?.message).toBe(ALT_TEXT_REQUIRED_MESSAGE);
    expect(
      contentSchema(presenters, { name: 'Anna', imageUrl: anna.url, imageAlt: '' }).safeParse(form).success,
    ).toBe(true);
    expect(contentSchema(presenters).safeParse({ ...form, imageUrl: '' }).success).toBe(true);
  });
});

describe('ContentForm with an image field', () => {
  it('makes a presenter with a library portrait and its alt text, asked for on the alt field first', async () => {
    const fetch = server({
      'GET /api/admin/media?kind=image': () => json({ items: [anna], total: 1, page: 1, pageSize: 24 }),
      'POST /api/admin/content/presenters': () =>
        json({ item: { id: '9', version: 1, title: 'Anna', values: {} } }, 201),
    });
    const onSaved = vi.fn();
    render(<ContentForm type={presenters} onSaved={onSaved} />);
    // The alt text is part of the image's fieldset, not a field of its own.
    expect(screen.queryByLabelText('Alt-tekst van de afbeelding')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Naam (verplicht)'), 'Anna');
    await userEvent.click(await screen.findByRole('button', { name: 'anna.jpg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    const alt = screen.getByRole('textbox', { name: 'Alt-tekst bij portret (verplicht)' });
    await waitFor(() => expect(alt).toHaveFocus());
    expect(alt).toHaveAccessibleDescription(expect.stringContaining(ALT_TEXT_REQUIRED_MESSAGE));

    await userEvent.type(alt, 'Anna lacht in de studio');
    await userEvent.click(screen.getByRole('button', { name: 'Aanmaken' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      values: { name: 'Anna', imageUrl: anna.url, imageAlt: 'Anna lacht in de studio' },
    });
  });
});
