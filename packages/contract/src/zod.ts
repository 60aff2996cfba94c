/**
 * zod as every contract schema imports it. In a browser, zod parses without generated code: it
 * compiles fast object parsers with `new Function` unless told not to, and probes whether it may by
 * calling it, so under the portal's Content-Security-Policy (script-src 'self', no 'unsafe-eval')
 * every page logged a CSP violation. zod decides when a schema is built, so this runs before any
 * schema exists: the schema modules import z from here, and the web app loads no schema before its
 * first screen (zod is not part of the first load). The server keeps zod's generated parsers.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
