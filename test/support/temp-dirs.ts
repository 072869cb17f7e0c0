// Temporary directories a test file makes as it goes, all removed once its tests have run.
import { afterAll } from 'bun:test';
import { rmSync } from 'node:fs';
import { tempDataDir } from './process';

/** Call at a file's top level: answers a maker of new directories named `prefix…`, removed after the file. */
export function tempDirsRemovedAfterAll(prefix?: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = tempDataDir(prefix);
    dirs.push(dir);
    return dir;
  };
}
