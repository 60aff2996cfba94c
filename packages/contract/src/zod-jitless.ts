/**
 * Imported for its effect, first, by the web app's entry: zod compiles fast object parsers with
 * `new Function` unless told not to, and probes whether it may by calling it. Under the portal's
 * Content-Security-Policy (script-src 'self', no 'unsafe-eval') every page then logged a CSP
 * violation. zod decides when a schema is built, i.e. when the schema modules are evaluated, so
 * this must run before any of them.
 */
import { z } from 'zod';

z.config({ jitless: true });
