import { describe, expect, it } from 'vitest';
import { type PlanNode, untiedBlocks } from './company-ties.ts';

const TENANT = new Set(['projects', 'project_users', 'labels']);
const scan = (table: string, alias: string, extra: Partial<PlanNode> = {}): PlanNode => ({
  'Node Type': 'Seq Scan',
  'Relation Name': table,
  Alias: alias,
  ...extra,
});
const join = (condition: string, outer: PlanNode, inner: PlanNode): PlanNode => ({
  'Node Type': 'Hash Join',
  'Hash Cond': condition,
  Plans: [outer, { 'Node Type': 'Hash', Plans: [inner] }],
});

describe('company ties in a plan', () => {
  it('accepts a join on company_id, or both sides pinned to one value', () => {
    const tied = join(
      '((pu.company_id = p.company_id) AND (pu.project_id = p.id))',
      scan('projects', 'p'),
      scan('project_users', 'pu'),
    );
    expect(untiedBlocks(tied, TENANT)).toEqual([]);
    const pinned = join(
      '(pu.project_id = p.id)',
      scan('projects', 'p', { Filter: "(p.company_id = '3'::integer)" }),
      scan('project_users', 'pu', { Filter: '(pu.company_id = 3)' }),
    );
    expect(untiedBlocks(pinned, TENANT)).toEqual([]);
  });

  it('names the tables a join leaves apart, and a subquery correlated by another column', () => {
    const loose = join('(pu.project_id = p.id)', scan('projects', 'p'), scan('project_users', 'pu'));
    expect(untiedBlocks(loose, TENANT)).toEqual(['{projects p} / {project_users pu} not tied by company_id']);
    const correlated: PlanNode = {
      ...scan('accounts', 'a'),
      Output: ['(SubPlan 1)'],
      Plans: [
        scan('project_users', 'pu', {
          'Parent Relationship': 'SubPlan',
          'Subplan Name': 'SubPlan 1',
          Filter: '(pu.account_id = a.id)',
        }),
      ],
    };
    expect(untiedBlocks(correlated, TENANT)).toEqual([
      'project_users pu in a subquery correlated by another column than company_id',
    ]);
  });

  it('leaves an uncorrelated subquery to be planned on its own', () => {
    const apart: PlanNode = {
      ...scan('projects', 'p', { Filter: '(p.id = $0)' }),
      Plans: [scan('labels', 'l', { 'Parent Relationship': 'InitPlan', 'Subplan Name': 'InitPlan 1' })],
    };
    expect(untiedBlocks(apart, TENANT)).toEqual([]);
  });
});
