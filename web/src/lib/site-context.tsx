import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { SiteConfig } from '../api/types';
import type { RouteDefaults } from './routes';
import { todayIso } from './format-date';

const SiteContext = createContext<SiteConfig | null>(null);

/** Provides the site configuration (#ether-site) to the app. */
export function SiteProvider({ site, children }: { site: SiteConfig; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

/** The site configuration. */
export function useSite(): SiteConfig {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside SiteProvider');
  return site;
}

/** The current time, refreshed every `intervalMs`. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Today's Amsterdam date and the site's default channel, for the route builders. */
export function useRouteDefaults(): RouteDefaults {
  const site = useSite();
  return { today: todayIso(), defaultChannel: site.defaultChannel };
}
