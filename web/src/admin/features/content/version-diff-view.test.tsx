import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VersionDiffView } from './version-diff-view';

describe('VersionDiffView (issue 54: pictures came as paths)', () => {
  it('shows a changed picture as the two pictures, the old one struck and the new one added', () => {
    render(
      <VersionDiffView
        diffs={[
          {
            name: 'imageUrl',
            label: 'Afbeelding',
            kind: 'image',
            before: '/uploads/a.webp',
            after: '/uploads/b.webp',
          },
        ]}
      />,
    );
    const old = screen.getByRole('img', { name: 'Vorige afbeelding' });
    expect(old).toHaveAttribute('src', '/uploads/a.webp');
    expect(old.closest('del')).not.toBeNull();
    const added = screen.getByRole('img', { name: 'Nieuwe afbeelding' });
    expect(added).toHaveAttribute('src', '/uploads/b.webp');
    expect(added.closest('ins')).not.toBeNull();
    expect(screen.queryByText('/uploads/a.webp')).toBeNull();
  });

  it("shows an image block's picture beside its caption", () => {
    render(
      <VersionDiffView
        diffs={[
          {
            name: 'body',
            label: 'Tekst',
            kind: 'blocks',
            blocks: [
              {
                kind: 'added',
                block: { type: 'image', url: '/uploads/zaal.webp', caption: 'De zaal', alt: 'Zaal' } as never,
              },
            ],
          },
        ]}
      />,
    );
    const row = screen.getByRole('listitem');
    expect(within(row).getByRole('img', { name: 'Afbeelding' })).toHaveAttribute('src', '/uploads/zaal.webp');
    expect(row).toHaveTextContent('Afbeelding (toegevoegd): [toegevoegd: De zaal · Zaal]');
    expect(row).not.toHaveTextContent('/uploads');
  });
});
