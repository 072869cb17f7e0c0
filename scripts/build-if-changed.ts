// `bun run start` builds the client only when its sources changed since the last build: a SHA-256
// over every file the bundle is made from (src/client, src/shared, index.html, public, the UnoCSS
// and build configuration, the lockfile) is kept beside the build in dist/public/.build-hash.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src/client', 'src/shared', 'index.html', 'public', 'uno.config.ts', 'scripts/build.ts', 'bun.lock'];
/** Written by the build itself: hashing it would make every build look like a change. */
const OUTPUTS = new Set(['src/client/generated.css']);
const STAMP = 'dist/public/.build-hash';

function files(path: string): string[] {
  if (!existsSync(path) || OUTPUTS.has(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

export function sourceHash(): string {
  const hash = new Bun.CryptoHasher('sha256');
  for (const file of SOURCES.flatMap(files)) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

if (import.meta.main) {
  const current = sourceHash();
  const built = existsSync(STAMP) && existsSync('dist/public/index.html') ? readFileSync(STAMP, 'utf8').trim() : null;
  if (built === current) {
    console.log('client unchanged since the last build: not rebuilding');
  } else {
    const proc = Bun.spawn(['bun', 'run', 'build'], { stdout: 'inherit', stderr: 'inherit' });
    const code = await proc.exited;
    if (code !== 0) process.exit(code);
    writeFileSync(STAMP, `${current}\n`);
  }
}
