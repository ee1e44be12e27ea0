/**
 * The client runs under a Content Security Policy without 'unsafe-eval'. zod (through the
 * contracts schemas) would probe `Function('')` to decide whether to compile parsers, and
 * that probe is reported as a CSP violation: tell it not to try. Imported first by main.tsx,
 * before any schema is used.
 */
import { config } from 'zod';

config({ jitless: true });
