import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** Set by the page view when a client-side navigation completes; the next heading takes focus. */
export const FocusRequestContext = createContext<{ pending: boolean }>({ pending: false });

/** The page's h1; it receives focus after client-side navigation. */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const request = useContext(FocusRequestContext);
  useEffect(() => {
    if (request.pending && ref.current) {
      request.pending = false;
      ref.current.focus({ preventScroll: false });
    }
  }, [request]);
  return (
    <h1 ref={ref} tabIndex={-1} id="main-heading" className={className ?? 'page-title'}>
      {children}
    </h1>
  );
}
