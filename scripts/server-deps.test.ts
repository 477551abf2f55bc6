import { describe, expect, it } from 'vitest';
import { folderCycles, folderEdges } from './server-deps.ts';

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, 1]))]));

describe('server folder graph', () => {
  it('the folders of apps/server/src import each other without a cycle', () => {
    expect(folderCycles(folderEdges())).toEqual([]);
  });

  it('platform imports no other folder and the ledger only platform', () => {
    const edges = folderEdges();
    expect([...(edges.get('platform')?.keys() ?? [])]).toEqual([]);
    expect([...(edges.get('ledger')?.keys() ?? [])]).toEqual(['platform']);
  });

  it('a cycle through three folders is reported as one group, a chain beside it is not', () => {
    const cycles = folderCycles(
      graph({ auth: ['users'], users: ['ledger'], ledger: ['auth', 'platform'], wallet: ['ledger'] }),
    );
    expect(cycles).toEqual([['auth', 'ledger', 'users']]);
  });
});
