import { useState } from 'react';

/**
 * An image, lazily loaded unless `eager` or `priority` (the first hero: eager and fetched with high
 * priority). `srcSet`/`sizes` come from lib/images' responsiveImage; when the source fails the
 * fallback is shown instead, without the srcset.
 */
export function Image({
  src,
  alt,
  width,
  height,
  fallback,
  className,
  eager,
  priority,
  srcSet,
  sizes,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  fallback?: string;
  className?: string;
  eager?: boolean;
  priority?: boolean;
  srcSet?: string;
  sizes?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const useFallback = failed === src && Boolean(fallback);
  return (
    <img
      src={useFallback ? fallback : src}
      srcSet={useFallback ? undefined : srcSet || undefined}
      sizes={useFallback || !srcSet ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      className={className}
      onError={() => setFailed(src)}
    />
  );
}
