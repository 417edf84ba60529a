/**
 * `npm run diagrams`: draws every machine of machines/catalog.ts as a Mermaid stateDiagram-v2 in
 * docs/machines/<machine>.md, with docs/machines/README.md as the index. The drawing walks the machine
 * definition itself (the same transition list the coverage gate counts), so it cannot drift from the
 * code. `--check` writes nothing and exits 1, naming each file, when the committed docs differ.
 */
import { readFileSync, readdirSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { machineCatalog } from '../machines/index.ts';
import { listTransitions, type MachineTransition } from '../tests/support/transitions.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS = join(ROOT, 'docs', 'machines');
const ANY_STATE = 'any_state';

/** Mermaid ids must be plain words: a state's path joined with underscores. */
function mermaidId(node: AnyStateNode): string {
  return node.path.length ? node.path.join('_') : ANY_STATE;
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>);
}

function eventLabel(event: string): string {
  if (event.startsWith('xstate.done.actor.')) return `done ${event.slice('xstate.done.actor.'.length)}`;
  if (event.startsWith('xstate.error.actor.')) return `error ${event.slice('xstate.error.actor.'.length)}`;
  return event;
}

function edgeLabel(transition: MachineTransition): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  // Context updates (assign) are left out of the picture; the table below lists every action.
  const actions = transition.actions.filter((name) => !name.startsWith('xstate.'));
  return `${eventLabel(transition.event)}${guard}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
}

function invokedActors(node: AnyStateNode): string[] {
  return (node.invoke as { id: string; src: unknown }[]).map((invoke) => {
    const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
    return src === invoke.id ? src : `${src} (id ${invoke.id})`;
  });
}

function stateLines(node: AnyStateNode, indent: string): string[] {
  const id = mermaidId(node);
  const lines: string[] = [];
  const children = childrenOf(node);
  if (children.length) {
    // Composite states by id only: the quoted-name form is not accepted for composites everywhere.
    lines.push(`${indent}state ${id} {`);
    if (node.type === 'parallel') {
      // Parallel regions: each region drawn whole, separated by mermaid's concurrency divider.
      children.forEach((child, index) => {
        if (index > 0) lines.push(`${indent}  --`);
        lines.push(...stateLines(child, `${indent}  `));
      });
    } else {
      lines.push(`${indent}  [*] --> ${mermaidId(node.states[node.config.initial as string] as AnyStateNode)}`);
      for (const child of children) lines.push(...stateLines(child, `${indent}  `));
    }
    lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}state "${node.key}" as ${id}`);
  }
  for (const actor of invokedActors(node)) lines.push(`${indent}${id} : invokes ${actor}`);
  const tags = [...(node.tags as string[])].sort();
  if (tags.length) lines.push(`${indent}${id} : tags ${tags.join(', ')}`);
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
  return lines;
}

function mermaid(machine: AnyStateMachine, transitions: MachineTransition[]): string {
  const root = machine.root;
  const lines = [
    'stateDiagram-v2',
    `  [*] --> ${mermaidId(root.states[root.config.initial as string] as AnyStateNode)}`,
  ];
  for (const child of childrenOf(root)) lines.push(...stateLines(child, '  '));
  if (transitions.some((t) => t.sourceNode === root)) lines.push(`  state "(any state)" as ${ANY_STATE}`);
  for (const transition of transitions) {
    const source = mermaidId(transition.sourceNode);
    const targets = transition.targets.length
      ? transition.targets.map((id) => mermaidId(machine.getStateNodeById(id)))
      : [source];
    for (const target of targets) lines.push(`  ${source} --> ${target} : ${edgeLabel(transition)}`);
  }
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function transitionTable(transitions: MachineTransition[]): string[] {
  const rows = [...transitions]
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((t) => {
      const target = t.targets.length ? t.targets.join(', ') : '(stays)';
      return `| ${cell(t.source)} | ${cell(t.event)} | ${t.guard ?? ''} | ${cell(target)} | ${t.actions.join(', ')} |`;
    });
  return ['| From | Event | Guard | To | Actions |', '|---|---|---|---|---|', ...rows];
}

/** The file that makes a machine: machines/<name>.machine.ts, else the one naming its id (a factory's instance). */
function sourceOf(name: string): string {
  const own = `${name}.machine.ts`;
  const dir = join(ROOT, 'machines');
  if (existsSync(join(dir, own))) return `machines/${own}`;
  const maker = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .find((file) => readFileSync(join(dir, file), 'utf8').includes(`id: '${name}'`));
  return `machines/${maker ?? own}`;
}

function machineDoc(name: string, machine: AnyStateMachine): string {
  const transitions = listTransitions(machine);
  return [
    `# ${name} machine`,
    '',
    `Generated by \`npm run diagrams\` from \`${sourceOf(name)}\` (machine id \`${machine.id}\`). Do not edit by hand.`,
    '',
    'Edges read `event [guard] / actions`; `done x` and `error x` are the invoked actor x settling;',
    '`always` is an eventless transition; "(any state)" stands for transitions the machine takes from every state.',
    '',
    '```mermaid',
    mermaid(machine, transitions),
    '```',
    '',
    `## Transitions (${transitions.length})`,
    '',
    'Each row is one transition the coverage gate requires a generated path to walk.',
    '',
    ...transitionTable(transitions),
    '',
  ].join('\n');
}

function indexDoc(entries: [string, AnyStateMachine][]): string {
  const rows = entries.map(([name, machine]) => {
    const states = getStateNodes(machine.root).length;
    return `| [${name}](${name}.md) | \`${sourceOf(name)}\` | ${states} | ${listTransitions(machine).length} |`;
  });
  return [
    '# Machine diagrams',
    '',
    'Generated by `npm run diagrams` from the machines themselves; `npm test` fails when they are out of date.',
    'The interface of each machine (events, actors, actions, input) is described in machines/README.md.',
    '',
    '| Machine | Source | States | Transitions |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** Every file of docs/machines, by path, as the script would write it. */
export function renderDiagrams(): Map<string, string> {
  const entries = Object.entries(machineCatalog) as [string, AnyStateMachine][];
  const files = new Map<string, string>();
  for (const [name, machine] of entries) files.set(join(DOCS, `${name}.md`), machineDoc(name, machine));
  files.set(join(DOCS, 'README.md'), indexDoc(entries));
  return files;
}

/** The docs/machines files that differ from what the script generates, or should not be there. */
export function staleDiagrams(): string[] {
  const files = renderDiagrams();
  const differing = [...files].filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text);
  const extra = existsSync(DOCS)
    ? readdirSync(DOCS)
        .map((file) => join(DOCS, file))
        .filter((path) => path.endsWith('.md') && !files.has(path))
    : [];
  return [...differing.map(([path]) => path), ...extra].map((path) => relative(ROOT, path)).sort();
}

function main(): void {
  if (process.argv.includes('--check')) {
    const stale = staleDiagrams();
    for (const path of stale) console.error(`${path} differs from the machines: run npm run diagrams and commit it.`);
    if (stale.length) process.exit(1);
    console.log(`docs/machines: ${renderDiagrams().size} files match the machines.`);
    return;
  }
  mkdirSync(DOCS, { recursive: true });
  for (const [path, text] of renderDiagrams()) writeFileSync(path, text);
  console.log(`docs/machines: wrote ${renderDiagrams().size} files.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
