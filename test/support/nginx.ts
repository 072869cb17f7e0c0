// deploy/nginx.conf run unprivileged from a directory of its own, in front of LockIn processes on
// this run's ports: the rolling-restart test and the capacity bench both use the shipped config.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './process';

export const NGINX = Bun.which('nginx') ?? (Bun.file('/usr/sbin/nginx').size > 0 ? '/usr/sbin/nginx' : null);

/** deploy/nginx.conf with this run's ports, inside the few lines nginx needs to run unprivileged in `root`. */
export async function nginxConfig(
  listen: number,
  upstreams: [number, number],
  options: { root: string; readTimeout?: string; workerConnections?: number },
): Promise<string> {
  const { root, workerConnections = 512 } = options;
  let site = (await Bun.file(join(REPO_ROOT, 'deploy/nginx.conf')).text())
    .replace('listen 8080;', `listen 127.0.0.1:${listen};`)
    .replace('127.0.0.1:3001', `127.0.0.1:${upstreams[0]}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${upstreams[1]}`);
  if (options.readTimeout) {
    if (!site.includes('proxy_read_timeout 30s;')) throw new Error('deploy/nginx.conf has no proxy_read_timeout 30s');
    site = site.replace('proxy_read_timeout 30s;', `proxy_read_timeout ${options.readTimeout};`);
  }
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(root, sub), { recursive: true });
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
worker_rlimit_nofile ${workerConnections + 100};
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${root}/body;
  proxy_temp_path ${root}/proxy;
  fastcgi_temp_path ${root}/fastcgi;
  uwsgi_temp_path ${root}/uwsgi;
  scgi_temp_path ${root}/scgi;
${site}
}
`;
}

/** nginx on `config`, run from `root`, once it answers on `url`. */
export async function startNginx(root: string, config: string, url: string): Promise<ReturnType<typeof Bun.spawn>> {
  await Bun.write(join(root, 'nginx.conf'), config);
  const proc = Bun.spawn([NGINX ?? 'nginx', '-p', root, '-c', join(root, 'nginx.conf')], {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    await Bun.sleep(50);
  }
  return proc;
}
