// zod 4 probes `new Function('')` to decide whether it may compile fast parsers; under our CSP
// (script-src 'self', no 'unsafe-eval') that probe is refused and reported as a CSP violation on
// every page, even though zod swallows the error. Jitless mode skips the probe. main.tsx imports
// this module first, so it runs before any schema in src/shared is built.
import { z } from 'zod';

z.config({ jitless: true });
