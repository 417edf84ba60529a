import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
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
