// Zod probes whether it may compile validators with new Function; the CSP (script-src 'self')
// refuses that and reports a violation on every load of the admin. Without the probe it validates
// as it does after a refusal. Imported first by main.tsx, before any schema is made.

import { z } from 'zod';

z.config({ jitless: true });
