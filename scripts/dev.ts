/**
 * `npm run dev`: the API server (scripts/start.ts) on PORT 8000 and Vite's dev server, which proxies
 * /auth, /classroom and /api to it (vite.config.ts). Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const API_PORT = process.env.API_PORT ?? '8000';

const children: ChildProcess[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    console.log(`[dev] ${label} exited (${signal ?? code}); stopping the other process.`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('API server', process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { ...process.env, PORT: API_PORT });
run('Vite', process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js')], {
  ...process.env,
  API_URL: `http://127.0.0.1:${API_PORT}`,
});
