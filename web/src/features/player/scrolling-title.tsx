import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';

/**
 * How far a title must move to show its end: the width it overflows its box by, in whole pixels,
 * or 0 when it fits (then it does not move at all).
 */
export function scrollDistance(textWidth: number, boxWidth: number): number {
  return Math.max(0, Math.ceil(textWidth - boxWidth));
}

/**
 * The mini player's title (spec §2 "Long text scrolls"): it scrolls back and forth only when it is
 * wider than its box, from its first letter to its last (issue 39: short titles moved too, and the
 * first letter was cut off). The distance follows the box as the window is resized.
 */
export function ScrollingTitle({ text }: { text: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const inner = useRef<HTMLSpanElement>(null);
  const [distance, setDistance] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      if (box.current && inner.current)
        setDistance(scrollDistance(inner.current.scrollWidth, box.current.clientWidth));
    };
    measure();
    if (typeof ResizeObserver === 'undefined' || !box.current) return;
    const observer = new ResizeObserver(measure);
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [text]);
  const style = distance > 0 ? ({ '--mini-player-scroll': `-${distance}px` } as CSSProperties) : undefined;
  return (
    <span className="mini-player__title" ref={box}>
      <span
        ref={inner}
        className={`mini-player__scroll${distance > 0 ? ' mini-player__scroll--moving' : ''}`}
        style={style}
      >
        {text}
      </span>
    </span>
  );
}
