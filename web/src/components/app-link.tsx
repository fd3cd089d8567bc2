import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../lib/site-context';
import { isInAppLink, toAppPath } from '../lib/routes';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children: ReactNode;
}

/** Every link of the app: in-app URLs become router links, all others open in a new tab. */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  const site = useSite();
  if (isInAppLink(to, site.baseUrl)) {
    return (
      <Link to={toAppPath(to, site.baseUrl)} {...rest}>
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
