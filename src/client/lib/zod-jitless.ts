// zod 4 probes `new Function('')` to decide whether it may compile fast parsers; under our CSP
// (script-src 'self', no 'unsafe-eval') that probe is refused and reported as a CSP violation on
// every page, even though zod swallows the error. Jitless mode skips the probe. zod reads its
// settings from `globalThis.__zod_globalConfig` when it loads, so this sets them there without
// importing zod: the first page carries no zod at all, and any chunk that loads it later (the
// client never parses with it) finds jitless already on. main.tsx imports this module first.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
