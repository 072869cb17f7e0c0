// Reads CSV with Python's `csv` module: a reader the project does not use for writing, and the
// strictest common one about line breaks (a bare LF outside quotes ends its row).
const SCRIPT = `
import csv, io, json, sys
text = sys.stdin.buffer.read().decode('utf-8-sig')
print(json.dumps(list(csv.DictReader(io.StringIO(text, newline='')))))
`;

export async function parseWithPythonCsv(text: string): Promise<Record<string, string>[]> {
  const proc = Bun.spawn(['python3', '-c', SCRIPT], { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe' });
  proc.stdin.write(text);
  await proc.stdin.end();
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`python3 csv failed (${code}): ${err}`);
  return JSON.parse(out) as Record<string, string>[];
}
