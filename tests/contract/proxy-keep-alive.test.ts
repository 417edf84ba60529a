import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { keepAliveWarning, PROXY_IDLE_SECONDS } from '../../server/platform/proxy-keep-alive.ts';
import { UPSTREAM_SNIPPET } from '../../scripts/cluster/nginx.ts';

const DEPLOY = join(import.meta.dirname, '..', '..', 'deploy', 'nginx');

/** nginx's time syntax as the upstream's keepalive_timeout takes it: `4s`, `500ms`, `1m`, or bare seconds. */
function milliseconds(value: string): number {
  const match = /^(\d+)(ms|s|m)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  const unit = { ms: 1, s: 1000, m: 60_000 }[match[2] ?? 's']!;
  return Number(match[1]) * unit;
}

/** The directives of an nginx file, comments left out: name and arguments. */
function directives(text: string): [string, string[]][] {
  return text
    .replace(/#.*$/gm, '')
    .split(';')
    .map((statement) => statement.trim().split(/\s+/))
    .filter((words) => words[0])
    .map(([name, ...args]) => [name!, args]);
}

describe('the proxy closes an idle connection to an instance before the instance does (decision record 094)', () => {
  const upstream = directives(readFileSync(UPSTREAM_SNIPPET, 'utf8'));

  it("the upstream's keepalive_timeout is below the instances' default KEEP_ALIVE_TIMEOUT_SECONDS", () => {
    const timeouts = upstream.filter(([name]) => name === 'keepalive_timeout');
    // Without it nginx keeps an idle connection 60 s, and the instance closes it after 5.
    expect(timeouts).toHaveLength(1);
    const proxy = milliseconds(timeouts[0]![1][0]!);
    const instance = loadConfig({}).keepAliveTimeoutSeconds * 1000;
    expect(instance).toBe(5000);
    expect(proxy).toBeGreaterThan(0);
    expect(proxy).toBeLessThan(instance);
    // The value the start's warning compares KEEP_ALIVE_TIMEOUT_SECONDS with.
    expect(proxy).toBe(PROXY_IDLE_SECONDS * 1000);
  });

  it('a start behind a proxy with KEEP_ALIVE_TIMEOUT_SECONDS at or below the proxy idle timeout warns', () => {
    expect(keepAliveWarning(loadConfig({ TRUST_PROXY: '1' }))).toBeNull();
    expect(keepAliveWarning(loadConfig({ TRUST_PROXY: '1', KEEP_ALIVE_TIMEOUT_SECONDS: '65' }))).toBeNull();
    expect(keepAliveWarning(loadConfig({ TRUST_PROXY: '1', KEEP_ALIVE_TIMEOUT_SECONDS: '4' }))).toBe(
      "KEEP_ALIVE_TIMEOUT_SECONDS is 4: behind a proxy it must stay above the proxy's idle timeout for its " +
        'connections to this instance (deploy/nginx closes them after 4 s), else a POST can fail with 502. ' +
        "Raise it, or lower the proxy's (docs/operations.md).",
    );
    expect(keepAliveWarning(loadConfig({ TRUST_PROXY: '1', KEEP_ALIVE_TIMEOUT_SECONDS: '2' }))).toMatch(
      /^KEEP_ALIVE_TIMEOUT_SECONDS is 2:/,
    );
    // Without a proxy the browsers are the clients, and they send a request again on a fresh connection.
    expect(keepAliveWarning(loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: '2' }))).toBeNull();
  });

  it('the upstream keeps connections alive at all (else the timeout is moot)', () => {
    expect(upstream.find(([name]) => name === 'keepalive')?.[1]).toEqual(['32']);
  });

  it("the deployment's upstream block takes its keep-alive rules from that snippet", () => {
    const site = readFileSync(join(DEPLOY, 'ccinstitute.conf'), 'utf8').replace(/#.*$/gm, '');
    const block = /upstream\s+ccinstitute\s*\{([^}]*)\}/.exec(site)?.[1] ?? '';
    const names = directives(block).map(([name, args]) => `${name} ${args.join(' ')}`.trim());
    expect(names).toContain('include snippets/ccinstitute-upstream.conf');
    // A second keepalive or keepalive_timeout in the block would override or duplicate the snippet's.
    expect(names.filter((line) => line.startsWith('keepalive'))).toEqual([]);
  });

  it('reads nginx times as nginx does', () => {
    expect(milliseconds('4s')).toBe(4000);
    expect(milliseconds('4')).toBe(4000);
    expect(milliseconds('500ms')).toBe(500);
    expect(milliseconds('1m')).toBe(60_000);
    expect(() => milliseconds('4 s')).toThrow(/not an nginx time/);
  });
});
