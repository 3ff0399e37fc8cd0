// Zod compiles object parsers with `new Function` after probing whether eval is allowed. Under the app's
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') even that probe is reported as a violation; the
// jitless mode parses without both. Zod keeps its settings on `globalThis.__zod_globalConfig` (zod/v4/core: it takes
// the object found there, so every copy of zod shares it), which lets main.tsx set jitless before any chunk loads
// zod, without bringing zod itself into the first page (the schemas load with the screens that use them).
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}
const g = globalThis as ZodGlobal;
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
