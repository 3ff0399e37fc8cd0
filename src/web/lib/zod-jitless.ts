import { z } from 'zod';

// Zod compiles object parsers with `new Function` after probing whether eval is allowed. Under the app's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') even that probe is reported as a violation; the
// jitless mode parses without both. Imported first by main.tsx, and bundled into the zod chunk (vite.config.ts), so
// it runs before any chunk builds a schema.
z.config({ jitless: true });
