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
  // The listener build runs on Preact, which sets props in the order written here (React DOM sets an
  // img's src last by itself). `loading`, `decoding` and `fetchPriority` come first so that the
  // browser knows an image is lazy before its source is set: set earlier, src started every image's
  // load and decode inside the first render (34 images cost 104 ms of the home page's render).
  return (
    <img
      loading={eager || priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      alt={alt}
      width={width}
      height={height}
      className={className}
      sizes={useFallback || !srcSet ? undefined : sizes}
      srcSet={useFallback ? undefined : srcSet || undefined}
      src={useFallback ? fallback : src}
      onError={() => setFailed(src)}
    />
  );
}
