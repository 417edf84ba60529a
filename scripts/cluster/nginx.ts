import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const NGINX = '/usr/sbin/nginx';
const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The proxy rules the deployment uses (deploy/nginx/ccinstitute.conf includes the same file). */
export const PROXY_SNIPPET = path.join(ROOT, 'deploy', 'nginx', 'ccinstitute-proxy.conf');
/** How the deployment's upstream keeps connections to the instances (ccinstitute.conf's upstream includes it). */
export const UPSTREAM_SNIPPET = path.join(ROOT, 'deploy', 'nginx', 'ccinstitute-upstream.conf');

/** Debian's nginx, installed with apt-get when missing (as root, or through sudo without a password). */
export function ensureNginx(): string {
  if (fs.existsSync(NGINX)) return NGINX;
  console.log('Installing nginx (apt-get) for the cluster smoke test');
  const isRoot = process.getuid?.() === 0;
  const run = (args: string[]) => {
    const [cmd, ...rest] = isRoot ? args : ['sudo', '-n', ...args];
    return spawnSync(cmd!, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'nginx']);
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is needed at ${NGINX} and could not be installed`);
  return NGINX;
}

export type Proxy = { url: string; accessLog: () => string; stop: () => Promise<void> };

/**
 * nginx in the foreground on `port`, in a directory of its own (no system configuration touched), with one
 * upstream of `instances` and the deployment's own upstream and proxy rules.
 */
export async function startNginx(port: number, instances: string[]): Promise<Proxy> {
  const binary = ensureNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-nginx-'));
  // nginx's workers run as nobody when the master is root: they write request bodies and buffered answers here.
  fs.chmodSync(dir, 0o755);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, sub), { mode: 0o777 });
  fs.chmodSync(path.join(dir, 'body'), 0o777);
  fs.chmodSync(path.join(dir, 'proxy'), 0o777);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    upstream ccinstitute {
${instances.map((address) => `        server ${address} max_fails=3 fail_timeout=10s;`).join('\n')}
        include ${UPSTREAM_SNIPPET};
    }
    server {
        listen 127.0.0.1:${port};
        include ${PROXY_SNIPPET};
    }
}
`,
  );
  const test = spawnSync(binary, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed: ${test.stderr}`);
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100 || child.exitCode !== null) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    accessLog: () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8'),
    async stop() {
      if (child.exitCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
