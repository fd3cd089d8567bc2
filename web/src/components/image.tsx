import { useState } from 'react';

/** An image with lazy loading and a fallback when the source fails. */
export function Image({
  src,
  alt,
  width,
  height,
  fallback,
  className,
  eager,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  fallback?: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const current = failed === src && fallback ? fallback : src;
  return (
    <img
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      onError={() => setFailed(src)}
    />
  );
}
