// `bun run start` builds the client and the server only when their sources changed since the last
// build: a SHA-256 over every file each is made from is kept beside its build, in
// dist/public/.build-hash and dist/server/.build-hash.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface BuildTarget {
  name: 'client' | 'server';
  /** Files and directories the build is made from (the lockfile: a dependency bundled in changed). */
  sources: string[];
  /** A file every complete build writes. */
  output: string;
  stamp: string;
  script: string;
}

export const BUILD_TARGETS: BuildTarget[] = [
  {
    name: 'client',
    sources: [
      'src/client',
      'src/shared',
      'index.html',
      'public',
      'uno.config.ts',
      'scripts/build.ts',
      'extension',
      'scripts/build-extension.ts',
      'bun.lock',
    ],
    output: 'dist/public/index.html',
    stamp: 'dist/public/.build-hash',
    script: 'build:client',
  },
  {
    name: 'server',
    sources: ['src/server', 'src/shared', 'scripts/build-server.ts', 'bun.lock', 'patches'],
    output: 'dist/server/main.js',
    stamp: 'dist/server/.build-hash',
    script: 'build:server',
  },
];

/** Written by the build itself: hashing it would make every build look like a change. */
const OUTPUTS = new Set(['src/client/generated.css']);

function files(path: string): string[] {
  if (!existsSync(path) || OUTPUTS.has(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

export function sourceHash(target: BuildTarget): string {
  const hash = new Bun.CryptoHasher('sha256');
  for (const file of target.sources.flatMap(files)) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

async function buildIfChanged(target: BuildTarget): Promise<void> {
  const current = sourceHash(target);
  const built =
    existsSync(target.stamp) && existsSync(target.output) ? readFileSync(target.stamp, 'utf8').trim() : null;
  if (built === current) {
    console.log(`${target.name} unchanged since the last build: not rebuilding`);
    return;
  }
  const proc = Bun.spawn(['bun', 'run', target.script], { stdout: 'inherit', stderr: 'inherit' });
  const code = await proc.exited;
  if (code !== 0) process.exit(code);
  writeFileSync(target.stamp, `${current}\n`);
}

if (import.meta.main) {
  for (const target of BUILD_TARGETS) await buildIfChanged(target);
}
