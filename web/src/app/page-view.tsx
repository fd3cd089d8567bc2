import {
  Component,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLoaderData, useLocation, useRevalidator, useRouteError } from 'react-router';
import { HttpError, NetworkError } from '../api/page-client';
import type { PageEnvelope } from '../api/types';
import { afterDeferredParts } from '../components/deferred';
import { FocusRequestContext } from '../components/page-heading';
import { ErrorState, Loading } from '../components/states';
import { applyHead } from '../features/layout';
import { revealApp } from '../lib/server-html';
import { pageComponent } from './page-registry';

/** The user timing mark of the moment the app's first page has rendered, before it is revealed. */
export const APP_RENDERED_MARK = 'ether:app-rendered';

/**
 * Shows the app in place of the server's page HTML once the page it wraps has rendered, with the
 * parts of it whose render was put in later tasks (components/deferred).
 */
function RevealApp() {
  useLayoutEffect(
    () =>
      afterDeferredParts(() => {
        if (performance.getEntriesByName(APP_RENDERED_MARK).length === 0) performance.mark(APP_RENDERED_MARK);
        revealApp();
      }),
    [],
  );
  return null;
}

class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    revealApp();
  }
  override render() {
    if (this.state.failed) {
      return (
        <ErrorState
          title="Deze pagina kon niet worden geladen"
          message="Een deel van de website kon niet worden opgehaald. Herlaad de pagina om het opnieuw te proberen."
          onRetry={() => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}

/** Renders the page of the current envelope; updates the head, focus and announcement on navigation. */
export function PageView() {
  const envelope = useLoaderData() as PageEnvelope;
  const location = useLocation();
  const focus = useMemo(() => ({ pending: false }), []);
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  // The head changes in the same commit as the page content.
  useLayoutEffect(() => applyHead(envelope), [envelope]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setAnnouncement(`Pagina geladen: ${envelope.title}`);
  }, [envelope]);

  // Request focus for the next heading on every client-side navigation (not on first load).
  const lastKey = useRef(location.key);
  if (lastKey.current !== location.key) {
    lastKey.current = location.key;
    focus.pending = true;
  }

  // One component per route kind: the page's chunk may arrive while it renders through its lazy
  // component, and switching to the loaded one on a later render would mount the page anew (a new
  // heading without the focus, state lost).
  const route = envelope.route;
  const Page = useMemo(() => pageComponent(route), [route]);
  return (
    <FocusRequestContext.Provider value={focus}>
      <ChunkBoundary>
        <Suspense fallback={<Loading label="Pagina laden…" />}>
          <Page key={location.key} data={envelope.data} envelope={envelope} />
          <RevealApp />
        </Suspense>
      </ChunkBoundary>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </FocusRequestContext.Provider>
  );
}

/** Dutch text for a failed page load. */
export function describeLoadError(error: unknown): { title: string; message: string } {
  if (error instanceof NetworkError) {
    return {
      title: 'Geen verbinding',
      message: 'De pagina kon niet worden geladen. Controleer je internetverbinding en probeer het opnieuw.',
    };
  }
  if (error instanceof HttpError && error.statusCode === 400) {
    return {
      title: 'Ongeldige link',
      message:
        'Deze link bevat een datum of tijdvak dat niet bestaat. Kies een andere datum of ga terug naar de vorige pagina.',
    };
  }
  if (error instanceof HttpError) {
    return {
      title: 'Er ging iets mis',
      message: `De pagina kon niet worden geladen (foutcode ${error.statusCode}). Probeer het later opnieuw.`,
    };
  }
  return { title: 'Er ging iets mis', message: 'De pagina kon niet worden geladen. Probeer het opnieuw.' };
}

/** The error state of the page route, with retry. */
export function PageLoadError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const { title, message } = describeLoadError(error);
  useLayoutEffect(() => revealApp(), []);
  useEffect(() => {
    document.title = 'Fout bij laden | Ether';
  }, []);
  return (
    <div className="page">
      <h1 className="page-title" tabIndex={-1}>
        {title}
      </h1>
      {revalidator.state === 'loading' ? (
        <Loading />
      ) : (
        <ErrorState
          title="De pagina is niet geladen"
          message={message}
          onRetry={() => void revalidator.revalidate()}
        />
      )}
    </div>
  );
}
