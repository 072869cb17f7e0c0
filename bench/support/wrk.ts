// wrk as the load generator for fast routes: one C process with its own threads, so it is not
// the bottleneck (autocannon tops out near the bare server's rate here and flatters ratios).
// Cookies are spread over the requests by a Lua script, one user after another.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface WrkFigures {
  reqPerSec: number;
  /** 99th percentile latency in ms. */
  p99: number;
  non2xx: number;
  errors: number;
}

const luaString = (text: string) => JSON.stringify(text);

function script(path: string, cookies: string[]): string {
  return `
local cookies = { ${cookies.map(luaString).join(', ')} }
local n = 0
request = function()
  n = n + 1
  local headers = { ["Accept-Encoding"] = "br, gzip" }
  if #cookies > 0 then headers["Cookie"] = cookies[(n % #cookies) + 1] end
  return wrk.format("GET", ${luaString(path)}, headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"micros":%d,"p99":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))
end
`;
}

/** GET `url` for `seconds` over `connections` connections (2 threads), each request the next user's cookie. */
export async function wrk(
  url: string,
  options: { seconds: number; connections: number; cookies?: string[] },
): Promise<WrkFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'lockin-wrk-'));
  const { origin, pathname, search } = new URL(url);
  try {
    const file = join(dir, 'script.lua');
    writeFileSync(file, script(pathname + search, options.cookies ?? []));
    const proc = Bun.spawn(
      ['wrk', '-t2', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', file, origin],
      { stdout: 'pipe', stderr: 'inherit' },
    );
    const output = await new Response(proc.stdout).text();
    await proc.exited;
    const line = output.split('\n').find((l) => l.startsWith('WRK '));
    if (!line) throw new Error(`wrk gave no figures:\n${output}`);
    const raw = JSON.parse(line.slice(4)) as {
      requests: number;
      micros: number;
      p99: number;
      non2xx: number;
      errors: number;
    };
    return {
      reqPerSec: raw.requests / (raw.micros / 1e6),
      p99: raw.p99 / 1000,
      non2xx: raw.non2xx,
      errors: raw.errors,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
