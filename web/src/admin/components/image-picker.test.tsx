import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImageMedia, Media } from '../api/media-client';
import { json, server } from '../test-support/fake-server';
import { imageHash, libraryImage } from '../test-support/media-fixtures';
import { stubUploads } from '../test-support/fake-xhr';
import { ImagePicker, libraryHash } from './image-picker';

afterEach(() => vi.unstubAllGlobals());

const hashOf = imageHash;

const image = (id: number, name: string, status: ImageMedia['status'] = 'ready'): ImageMedia =>
  libraryImage(id, name, { status, progress: status === 'ready' ? 100 : 40 });

const library = (items: Media[], total = items.length) => json({ items, total, page: 1, pageSize: 24 });

function Harness({
  initial = '',
  crops = ['ARTIST_ITEM'],
  withAlt = true,
  error,
  altError,
}: {
  initial?: string;
  crops?: string[];
  withAlt?: boolean;
  error?: string;
  altError?: string;
}) {
  const [value, setValue] = useState(initial);
  const { register, watch } = useForm<{ imageAlt: string }>({ defaultValues: { imageAlt: '' } });
  return (
    <form>
      <ImagePicker
        id="presenter-image"
        label="Portret"
        value={value}
        onChange={setValue}
        crops={crops}
        alt={withAlt ? { registration: register('imageAlt'), error: altError } : undefined}
        error={error}
      />
      <output data-testid="value">{value}</output>
      <output data-testid="alt">{watch('imageAlt')}</output>
    </form>
  );
}

describe('ImagePicker', () => {
  it('shows the ready images of the library as thumbnails and chooses one as the URL of its sizes', async () => {
    server({
      'GET /api/admin/media?kind=image': () =>
        library([image(3, 'anna.jpg'), image(4, 'bezig.png', 'processing')], 30),
      'GET /api/admin/media?kind=image&page=2': () => library([image(1, 'oud.jpg')], 30),
    });
    render(<Harness />);
    const grid = await screen.findByRole('list', { name: 'Afbeeldingen uit de bibliotheek' });
    const anna = await within(grid).findByRole('button', { name: 'anna.jpg' });
    expect(within(grid).queryByRole('button', { name: 'bezig.png' })).not.toBeInTheDocument();
    expect(within(anna).getByRole('presentation', { hidden: true })).toHaveAttribute(
      'src',
      `/uploads/images/${hashOf(3)}/f500-500/h_96,w_128,c_north.webp`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Meer afbeeldingen laden' }));
    await within(grid).findByRole('button', { name: 'oud.jpg' });

    await userEvent.click(anna);
    expect(anna).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('value')).toHaveTextContent(
      `/uploads/images/${hashOf(3)}/f500-500/{format}.webp`,
    );
    expect(screen.getByText('Gekozen: anna.jpg')).toBeInTheDocument();
    // The focal point, and each crop of the presenter pages, drawn from the library's sizes.
    expect(screen.getByRole('button', { name: /^Focuspunt: 50% van links/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Portret 520×520 van anna.jpg' })).toHaveAttribute(
      'src',
      `/uploads/images/${hashOf(3)}/f500-500/h_520,w_520,c_north.webp`,
    );
    expect(screen.getByRole('img', { name: 'Portret 550×412 van anna.jpg' })).toBeInTheDocument();
  });

  it('searches the library by file name, Enter included, without sending the form', async () => {
    const fetch = server({
      'GET /api/admin/media?kind=image': () => library([image(3, 'anna.jpg'), image(5, 'kees.jpg')]),
      'GET /api/admin/media?kind=image&q=kees%20z': () => library([image(5, 'kees.jpg')]),
      'GET /api/admin/media?kind=image&q=niets': () => library([]),
    });
    const submitted = vi.fn((event: Event) => event.preventDefault());
    render(<Harness />);
    document.querySelector('form')?.addEventListener('submit', submitted);
    await screen.findByRole('button', { name: 'anna.jpg' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Zoek in de bibliotheek' }), 'kees z{Enter}');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'anna.jpg' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'kees.jpg' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/admin/media?kind=image&q=kees%20z', expect.anything());
    expect(submitted).not.toHaveBeenCalled();

    const search = screen.getByRole('searchbox', { name: 'Zoek in de bibliotheek' });
    await userEvent.clear(search);
    await userEvent.type(search, 'niets');
    expect(await screen.findByText('Geen afbeeldingen gevonden met ‘niets’.')).toBeInTheDocument();
  });

  it('uploads an image right there, shows its progress and chooses it once it is ready', async () => {
    server({ 'GET /api/admin/media?kind=image': () => library([image(3, 'anna.jpg')]) });
    const sent = stubUploads([{ status: 202, body: { media: image(12, 'portret kees.png') } }]);
    render(<Harness />);
    await screen.findByRole('button', { name: 'anna.jpg' });

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'portret kees.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText('Nieuwe afbeelding uploaden'), file);

    await waitFor(() =>
      expect(screen.getByTestId('value')).toHaveTextContent(
        `/uploads/images/${hashOf(12)}/f500-500/{format}.webp`,
      ),
    );
    expect(sent.map((upload) => upload.url)).toEqual(['/api/admin/media/images?name=portret%20kees.png']);
    expect(screen.getByText('Klaar: portret kees.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'portret kees.png' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps a logo whole: its 1080 px wide size, no crops and no alt text', async () => {
    server({ 'GET /api/admin/media?kind=image': () => library([image(7, 'logo.png')]) });
    render(<Harness crops={[]} withAlt={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'logo.png' }));
    expect(screen.getByTestId('value')).toHaveTextContent(
      `/uploads/images/${hashOf(7)}/f500-500/w_1080.webp`,
    );
    expect(screen.queryByText('Uitsneden')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Alt-tekst/)).not.toBeInTheDocument();
  });

  it('takes an image elsewhere by its URL, and ties the errors to the URL and the alt text', async () => {
    server({ 'GET /api/admin/media?kind=image': () => library([]) });
    render(
      <Harness
        error="Vul een link in die begint met https:// of /."
        altError="Beschrijf in een alt-tekst wat er op de afbeelding te zien is, voor wie haar niet kan zien."
      />,
    );
    const url = await screen.findByRole('textbox', { name: 'Of een afbeelding elders (URL)' });
    await userEvent.type(url, 'https://beelden.example/kees.jpg');
    expect(screen.getByTestId('value')).toHaveTextContent('https://beelden.example/kees.jpg');
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(
      'Begint met https:// of /. Een afbeelding uit de bibliotheek vult dit veld zelf. Vul een link in die begint met https:// of /.',
    );
    const alt = screen.getByRole('textbox', { name: 'Alt-tekst bij portret (verplicht)' });
    expect(alt).toHaveAttribute('aria-invalid', 'true');
    expect(alt).toHaveAccessibleDescription(
      /voor wie haar niet kan zien\. Bijvoorbeeld.*Beschrijf in een alt-tekst/,
    );
    await userEvent.type(alt, 'Kees op de fiets');
    expect(screen.getByTestId('alt')).toHaveTextContent('Kees op de fiets');
    expect(screen.getByText('Nog geen afbeeldingen in de bibliotheek.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Geen afbeelding' }));
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('knows the library images among URLs', () => {
    expect(libraryHash(`/uploads/images/${hashOf(3)}/f500-500/{format}.webp`)).toBe(hashOf(3));
    expect(libraryHash('https://beelden.example/uploads/images/x.jpg')).toBeNull();
    expect(libraryHash('/images/unknown_programme.webp')).toBeNull();
  });
});
