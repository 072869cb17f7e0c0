// Where a process's CPU went, from a `.cpuprofile` written by `CAPACITY_PROFILE=<dir> bun
// bench/capacity.ts …` (Bun's --cpu-prof): each sample is given to the package of its nearest
// JavaScript frame (a native call counts for whoever made it), socket writes apart; then the
// drizzle-orm samples by the query builder whose `then` started them (building a statement's SQL
// when it is awaited) or by the step of drizzle's session that ran them.
//
// Usage: bun bench/profile-summary.ts <file.cpuprofile> [more files…]

export {};

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const SOCKET_WRITES = 'socket writes (writeBuffered)';

function packageOf(url: string): string {
  const dependency = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (dependency) return dependency;
  if (url.startsWith('node:') || url.startsWith('internal:')) return "Bun's runtime modules";
  if (url) return 'the app (or the floor)';
  return 'event loop and I/O, no JavaScript caller';
}

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const stackOf = (id: number): CallFrame[] => {
    const frames: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const node = byId.get(at);
      if (node) frames.push(node.callFrame);
    }
    return frames; // innermost first
  };

  const parts = new Map<string, number>();
  const drizzle = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const sample of profile.samples) {
    const stack = stackOf(sample);
    if (stack[0]?.functionName === 'writeBuffered') {
      add(parts, SOCKET_WRITES);
      continue;
    }
    const part = packageOf(stack.find((frame) => frame.url)?.url ?? '');
    add(parts, part);
    if (part !== 'drizzle-orm') continue;
    // The outermost drizzle frame says which step it was: a builder's `then` (update.js, insert.js…)
    // or the session's execution and row mapping (session.js).
    const outerAt = stack.findLastIndex((frame) => frame.url.includes('node_modules/drizzle-orm/'));
    const outer = stack[outerAt]?.url.endsWith('query-promise.js') ? stack[outerAt - 1] : stack[outerAt];
    add(drizzle, outer?.url.replace(/.*node_modules\/drizzle-orm\//, '') ?? '?');
  }
  return { total: profile.samples.length, parts, drizzle };
}

const percent = (n: number, total: number) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;

for (const file of process.argv.slice(2)) {
  const { total, parts, drizzle } = summarise((await Bun.file(file).json()) as Profile);
  console.log(`${file}: ${total} samples`);
  for (const [part, n] of [...parts].sort((a, b) => b[1] - a[1])) console.log(`  ${percent(n, total)}  ${part}`);
  if (drizzle.size > 0) {
    console.log('  drizzle-orm, by where it was entered:');
    for (const [where, n] of [...drizzle].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`    ${percent(n, total)}  ${where}`);
  }
}
