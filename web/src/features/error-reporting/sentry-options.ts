// The Sentry options of spec §9 "Error reporting and tracing" as plain data, so they are tested
// without loading the SDK: environment 'production', the traces sample rate of the site
// configuration, only the site's own hosts, the ignored errors of §8, and nothing personal.

import type { ErrorReportingConfig } from '../../api/types';
import { IGNORED_ERRORS, isIgnoredMessage } from '../../lib/error-reporting';

/** The part of a Sentry event the filter reads and scrubs. */
export interface ReportEvent {
  message?: string;
  exception?: { values?: { type?: string; value?: string }[] };
  user?: unknown;
  request?: { cookies?: unknown; headers?: unknown; data?: unknown; query_string?: unknown };
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The hosts of the site: the configured base URL's and the one the page was served from. */
export function siteHosts(baseUrl: string, pageOrigin: string): string[] {
  const hosts = new Set<string>();
  for (const url of [baseUrl, pageOrigin]) {
    try {
      hosts.add(new URL(url).host);
    } catch {
      // an unusable base URL adds nothing
    }
  }
  return [...hosts];
}

/** allowUrls for those hosts: scripts served from them, over http or https. */
export function allowUrlsFor(hosts: readonly string[]): RegExp[] {
  return hosts.map((host) => new RegExp(`^https?://${escape(host)}(?:/|$)`));
}

/** beforeSend: drops the ignored errors of §8 and strips anything personal; null drops the event. */
export function scrubEvent<E extends ReportEvent>(event: E): E | null {
  const messages = [event.message, ...(event.exception?.values ?? []).map((v) => v.value)];
  if (messages.some((m) => isIgnoredMessage(m))) return null;
  delete event.user;
  if (event.request) {
    delete event.request.cookies;
    delete event.request.headers;
    delete event.request.data;
    delete event.request.query_string;
  }
  return event;
}

/** The options handed to Sentry.init (integrations are added by the client). */
export function sentryOptions(config: ErrorReportingConfig, hosts: readonly string[]) {
  return {
    dsn: config.dsn,
    environment: 'production' as const,
    ...(config.release ? { release: config.release } : {}),
    tracesSampleRate: config.tracesSampleRate,
    allowUrls: allowUrlsFor(hosts),
    ignoreErrors: IGNORED_ERRORS,
    sendClientReports: false,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [] as never[],
      urlQueryParams: false,
    },
    beforeSend: scrubEvent,
  };
}
