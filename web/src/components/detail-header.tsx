import type { ReactNode } from 'react';
import { responsiveImage, UNKNOWN_PROGRAMME_IMAGE, type ImagePreset } from '../lib/images';
import { Image } from './image';
import { PageHeading } from './page-heading';

export interface DetailHeaderProps {
  /** The item's artwork; the programme fallback of spec §9 when absent or broken. */
  imageUrl: string | null | undefined;
  /** The spec §9 size preset the artwork is delivered in. */
  preset: ImagePreset;
  /** Empty for decorative artwork, a description for a portrait. */
  alt?: string;
  round?: boolean;
  /** The line above the heading: channel, programme or role. */
  kicker?: ReactNode;
  title: string;
  /** What follows the heading: meta lines, actions. */
  children?: ReactNode;
}

/**
 * The head of a detail page (programme, presenter, fragment, broadcast): the artwork, loaded first
 * as the page's hero, beside a kicker, the page heading and what the page adds.
 */
export function DetailHeader({
  imageUrl,
  preset,
  alt = '',
  round = false,
  kicker,
  title,
  children,
}: DetailHeaderProps) {
  return (
    <header className="detail-header">
      <Image
        className={round ? 'detail-header__image detail-header__image--round' : 'detail-header__image'}
        {...responsiveImage(imageUrl, preset, UNKNOWN_PROGRAMME_IMAGE)}
        fallback={UNKNOWN_PROGRAMME_IMAGE}
        alt={alt}
        priority
      />
      <div>
        {kicker && <p className="card__kicker">{kicker}</p>}
        <PageHeading>{title}</PageHeading>
        {children}
      </div>
    </header>
  );
}
