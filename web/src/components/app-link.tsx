import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../lib/site-context';
import { isInAppLink, toAppPath } from '../lib/routes';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children: ReactNode;
}

/** Takes the app's router to an absolute in-app path. */
export type AppNavigate = (path: string, options: { replace: boolean }) => void;

/** The app's router's navigate, for AppLink (main.tsx provides it; without it AppLink uses Link). */
export const AppNavigateContext = createContext<AppNavigate | null>(null);

/** A click the browser would follow in the same tab: the main button, no modifier key. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/** Every link of the app: in-app URLs become router links, all others open in a new tab. */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  const site = useSite();
  const navigate = useContext(AppNavigateContext);
  if (isInAppLink(to, site.baseUrl)) {
    const path = toAppPath(to, site.baseUrl);
    // React Router's Link takes several hooks and a layout effect per link, and a page has dozens:
    // a good part of the first render's tasks on a phone (issue 13). An absolute path needs none of
    // its resolving: a plain anchor hands a plain click to the router, replacing the history entry
    // when the link is to the current location, as Link does.
    if (navigate && path.startsWith('/')) {
      const { onClick, target, download } = rest;
      return (
        <a
          href={path}
          {...rest}
          onClick={(event) => {
            onClick?.(event);
            if (event.defaultPrevented || !isPlainClick(event)) return;
            if ((target && target !== '_self') || download !== undefined) return;
            event.preventDefault();
            const { pathname, search, hash } = window.location;
            navigate(path, { replace: `${pathname}${search}${hash}` === path });
          }}
        >
          {children}
        </a>
      );
    }
    return (
      <Link to={path} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="visually-hidden"> (opent in een nieuw venster)</span>
    </a>
  );
}
