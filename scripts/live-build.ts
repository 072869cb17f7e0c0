// A build goes live in one step, beside the one that is serving (docs/decisions/2026-11-28-safe-deploys.md):
// each build is written to a directory of its own, and the live path (dist/public, dist/server)
// is a symlink that one rename points at the new build. A running server reads files through the
// live path, so it never finds its directory half-written or gone. The previous build's hashed
// files (younger than KEEP_DAYS) are copied into the new one, so a page opened before the deploy,
// or a process not yet restarted, still loads the chunks of its own version; the previous build's
// directory is kept too, and so is every build a live server process still loads its chunks from
// (it marks its directory at start), however many builds came after it.
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { buildInUse } from '../src/server/ops/build-in-use';
import { ROOT } from '../src/server/paths';

const KEEP_DAYS = 7;

export interface LiveTarget {
  /** The path everything reads the build through: a symlink to the live build. */
  live: string;
  /** Where the builds' directories are, each named `${prefix}<id>`. */
  parent: string;
  prefix: string;
  /** The files named by their content, which a new build may carry over. */
  hashed: RegExp;
}

export const CLIENT: LiveTarget = {
  live: join(ROOT, 'dist/public'),
  parent: join(ROOT, 'dist/client-builds'),
  prefix: '',
  hashed: /-[a-z0-9]{8,}\.(js|css|svg|png|woff2|webmanifest)(\.br|\.gz)?$/,
};

// Two levels below the root, as the live path is: the bundle finds the root from its own path.
export const SERVER: LiveTarget = {
  live: join(ROOT, 'dist/server'),
  parent: join(ROOT, 'dist'),
  prefix: 'server-',
  hashed: /-[a-z0-9]{8,}\.js(\.map)?$/,
};

/** A new, empty directory for the next build of `target`. */
export function newBuildDir(target: LiveTarget): string {
  mkdirSync(target.parent, { recursive: true });
  const dir = join(target.parent, `${target.prefix}${Date.now().toString(36)}-${process.pid}`);
  mkdirSync(dir);
  return dir;
}

/** Names the files a build carried over from earlier ones (a dotfile: never served), for the benches. */
export const CARRIED_FILE = '.carried-from-earlier-builds.json';

/** Copies the live build's recent hashed files that the new build lacks. */
export function carryOverHashedFiles(target: LiveTarget, into: string): number {
  if (!existsSync(target.live)) return 0;
  const oldest = Date.now() - KEEP_DAYS * 24 * 60 * 60_000;
  const carried: string[] = [];
  for (const name of readdirSync(target.live)) {
    if (!target.hashed.test(name) || existsSync(join(into, name))) continue;
    const from = join(target.live, name);
    if (statSync(from).mtimeMs < oldest) continue;
    cpSync(from, join(into, name), { preserveTimestamps: true });
    carried.push(name);
  }
  writeFileSync(join(into, CARRIED_FILE), JSON.stringify(carried));
  return carried.length;
}

/**
 * Points the live path at `dir` in one rename; keeps the build it replaced and any build a live
 * process still loads from (ops/build-in-use.ts), and removes the rest.
 */
export function goLive(target: LiveTarget, dir: string): void {
  const { live, parent, prefix } = target;
  let previous =
    existsSync(live) && lstatSync(live).isSymbolicLink() ? resolve(dirname(live), readlinkSync(live)) : null;
  const next = `${live}.next`;
  rmSync(next, { force: true });
  symlinkSync(relative(dirname(live), dir), next);
  // A live path left by a build before this scheme is a directory: it moves aside once.
  if (existsSync(live) && !lstatSync(live).isSymbolicLink()) {
    previous = join(parent, `${prefix}before-live-builds-${Date.now().toString(36)}`);
    renameSync(live, previous);
  }
  renameSync(next, live);
  for (const name of readdirSync(parent)) {
    const old = resolve(parent, name);
    if (!name.startsWith(prefix) || old === resolve(dir) || old === previous || old === resolve(live)) continue;
    if (!lstatSync(old).isDirectory() || basename(old) === basename(live) || buildInUse(old)) continue;
    rmSync(old, { recursive: true, force: true });
  }
}
