import { z } from 'zod';

// Zod compiles object parsers with `new Function` after probing whether eval is allowed. Under the app's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') even that probe is reported as a violation; the
// jitless mode parses without both. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
