// Error reporting through the Sentry SDK, following the visitor's analytics consent.
export { startErrorReporting } from './error-reporting';
