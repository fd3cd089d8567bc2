import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteProvider } from '../lib/site-context';
import { site } from '../test/fixtures';
import { providerName } from '../lib/social-embeds';
import { SocialEmbed } from './social-embed';

function renderEmbed(props: { provider: string; url: string; title: string }) {
  const router = createMemoryRouter([{ path: '*', element: <SocialEmbed {...props} /> }]);
  return render(
    <SiteProvider site={site}>
      <RouterProvider router={router} />
    </SiteProvider>,
  );
}

describe('SocialEmbed', () => {
  it('shows a placeholder that says consent in the social category is needed', () => {
    const { container } = renderEmbed({
      provider: 'instagram',
      url: 'https://www.instagram.com/p/abc/',
      title: 'Feest!',
    });
    const aside = screen.getByRole('complementary', { name: 'Bericht op Instagram' });
    expect(aside).toHaveTextContent('toestemming geeft voor de categorie ‘sociale media’');
    expect(aside).toHaveTextContent('Feest!');
    const link = screen.getByRole('link', { name: /Bekijk op Instagram/ });
    expect(link).toHaveAttribute('href', 'https://www.instagram.com/p/abc/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(container.querySelector('iframe, script')).toBeNull();
  });

  it('renders store text as text and links only to http(s) URLs', () => {
    const { container } = renderEmbed({
      provider: 'x',
      url: 'javascript:alert(1)',
      title: '<img src=x onerror=alert(1)>',
    });
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(providerName('twitter')).toBe('X');
    expect(providerName('onbekend')).toBe('onbekend');
  });
});
