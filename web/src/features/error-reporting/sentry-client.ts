// The Sentry SDK for React, loaded only when a DSN is configured and the visitor allowed analytics.

import * as Sentry from '@sentry/react';
import type { ErrorReportingConfig } from '../../api/types';
import type { Reporter } from '../../lib/error-reporting';
import { sentryOptions } from './sentry-options';

/** Starts the SDK and returns the reporter that hands errors to it. */
export function startSentry(config: ErrorReportingConfig, hosts: readonly string[]): Reporter {
  Sentry.init({
    ...sentryOptions(config, hosts),
    integrations: config.tracesSampleRate > 0 ? [Sentry.browserTracingIntegration()] : [],
  });
  return (error, context) => {
    Sentry.captureException(error, context ? { extra: context } : undefined);
  };
}

/** Stops the SDK (the visitor withdrew consent). */
export async function stopSentry(): Promise<void> {
  await Sentry.close(2000);
}
