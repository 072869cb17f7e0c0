// A process started from the server build loads chunks from its build's directory as it first
// needs them (a route first used an hour after start), through the directory's real path. A new
// build must not delete a directory a live process still loads from: each such process marks it
// (.in-use/<pid>), and scripts/live-build.ts keeps every build that a live process marked.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const IN_USE = '.in-use';

/** Marks `buildDir` as loaded from by this process, until it exits. */
export function markBuildInUse(buildDir: string): void {
  const mark = join(buildDir, IN_USE, String(process.pid));
  mkdirSync(join(buildDir, IN_USE), { recursive: true });
  writeFileSync(mark, '');
  process.on('exit', () => rmSync(mark, { force: true }));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True while a live process marked `buildDir` (a mark left by a killed process does not count). */
export function buildInUse(buildDir: string): boolean {
  let pids: string[];
  try {
    pids = readdirSync(join(buildDir, IN_USE));
  } catch {
    return false;
  }
  return pids.some((name) => /^\d+$/.test(name) && isAlive(Number(name)));
}
