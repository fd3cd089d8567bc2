import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** Set by the page view when a client-side navigation completes; the next heading takes focus. */
export const FocusRequestContext = createContext<{ pending: boolean }>({ pending: false });

/** The page's h1; it receives focus after client-side navigation. */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const request = useContext(FocusRequestContext);
  useEffect(() => {
    const heading = ref.current;
    if (!request.pending || !heading) return;
    request.pending = false;
    // A part of the new page that is still loading can hide it for a moment (Suspense), and focus
    // in a hidden subtree falls back to the body: take it again on the next frames, as long as
    // nothing else has it (the listener may already have moved on).
    let frames = 0;
    let frame = 0;
    const take = () => {
      heading.focus({ preventScroll: false });
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && heading.isConnected && ++frames < 60) frame = requestAnimationFrame(take);
    };
    take();
    return () => cancelAnimationFrame(frame);
  }, [request]);
  return (
    <h1 ref={ref} tabIndex={-1} id="main-heading" className={className ?? 'page-title'}>
      {children}
    </h1>
  );
}
