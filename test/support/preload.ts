// Runs before every test file: tests never read a developer's .env or write to ./data, and a cold
// PGlite (seconds to open) fits inside the default timeout.
import { setDefaultTimeout } from 'bun:test';

process.env.NODE_ENV = 'test';
setDefaultTimeout(30_000);

// Bun 1.4 keeps a preload's setDefaultTimeout() for the first test file only and puts every later
// file back on 5 s (oven-sh/bun#43787), which a cold PGlite in a beforeAll can outlast. So every
// test file also sets it itself, prepended on its first line so line numbers stay true.
Bun.plugin({
  name: 'lockin-test-timeout',
  setup(build) {
    build.onLoad({ filter: /\.test\.tsx?$/ }, async (args) => ({
      contents: `import { setDefaultTimeout as __lockinTimeout } from 'bun:test'; __lockinTimeout(30_000); ${await Bun.file(args.path).text()}`,
      loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
    }));
  },
});
