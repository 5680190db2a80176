/**
 * One node of a Postgres plan as `explain (analyze, format json)` or auto_explain's JSON gives it: the fields the plan
 * tests read. Only nodes that touch a relation have `Relation Name`; buffers only with `buffers` (or auto_explain's
 * log_buffers).
 */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

/** Every node of a plan tree, the root first, depth first. */
export function planNodes(root: PlanNode): PlanNode[] {
  const nodes: PlanNode[] = [];
  const walk = (n: PlanNode) => {
    nodes.push(n);
    n.Plans?.forEach(walk);
  };
  walk(root);
  return nodes;
}

/** The nodes of `explain (format json)`'s one result value (an array holding `{ Plan }`). */
export function explainedNodes(explained: unknown): PlanNode[] {
  return planNodes((explained as Array<{ Plan: PlanNode }>)[0].Plan);
}

/** Rows a node returned over all its loops. */
export const rowsOut = (n: PlanNode) => n['Actual Rows'] * n['Actual Loops'];
