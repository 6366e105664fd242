import fc from 'fast-check';
import { cloneJson, isContainer, type Container, type Json } from './json-value';
import { anyJson, evilNumber, evilString, extraKey } from './value-generators';
import type { Shape } from './zod-shape';

/** Changes to a valid example: most malformed requests are then *nearly* valid and reach deeper checks. */

export type Mutation = {
  at: number;
  op: 'delete' | 'replace' | 'null' | 'stringify' | 'wrap' | 'extra';
  value: Json;
  key: string;
};

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom<Mutation['op']>(
    'delete',
    'replace',
    'replace',
    'replace',
    'null',
    'stringify',
    'wrap',
    'extra',
  ),
  value: fc.oneof({ arbitrary: evilString, weight: 2 }, { arbitrary: evilNumber, weight: 2 }, anyJson),
  key: extraKey,
});

/** Every (container, key) pair of a JSON tree, root first. */
export function slots(root: Json): [Container, string | number][] {
  const out: [Container, string | number][] = [];
  const stack: Json[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (!isContainer(node)) continue;
    const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const k of keys) {
      out.push([node, k]);
      stack.push((node as Record<string | number, Json>)[k]!);
    }
  }
  return out;
}

export function applyMutations(example: Json, mutations: Mutation[]): Json {
  const root = { root: cloneJson(example) };
  for (const m of mutations) {
    const all: [Container, string | number][] = [[root as unknown as Container, 'root'], ...slots(root.root)];
    const [parent, key] = all[m.at % all.length]!;
    const holder = parent as Record<string | number, Json>;
    const current = holder[key]!;
    switch (m.op) {
      case 'delete':
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete holder[key];
        break;
      case 'replace':
        holder[key] = cloneJson(m.value);
        break;
      case 'null':
        holder[key] = null;
        break;
      case 'stringify':
        holder[key] =
          typeof current === 'string' ? Number(current) || current.length : JSON.stringify(current);
        break;
      case 'wrap':
        holder[key] = [current];
        break;
      case 'extra':
        if (isContainer(current) && !Array.isArray(current)) current[m.key] = cloneJson(m.value);
        else holder[key] = { [m.key]: cloneJson(m.value), value: current };
        break;
    }
  }
  return root.root;
}

export function leafAt(shape: Shape, path: string[]): Shape | undefined {
  let s: Shape | undefined = shape;
  for (const k of path) s = s?.kind === 'object' ? s.fields[k] : undefined;
  return s;
}

export function setPath(value: Json, path: string[] | undefined, leaf: Json): Json {
  if (!path?.length) return leaf;
  const copy = cloneJson(value);
  let node: Json = copy;
  for (const k of path.slice(0, -1)) {
    if (!isContainer(node) || Array.isArray(node)) return copy;
    node = node[k] ??= {};
  }
  if (isContainer(node) && !Array.isArray(node)) node[path[path.length - 1]!] = leaf;
  return copy;
}
