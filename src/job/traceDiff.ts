import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface TraceDivergence {
  /** 1-based number of the first callback that differs. */
  callback: number;
  /** The callbacks both traces share just before it. */
  before: string[];
  /** From the divergence on, up to `context + 1` lines of each trace ('(end of trace)' at its end). */
  a: string[];
  b: string[];
}

export type TraceComparison = { identical: true; callbacks: number } | ({ identical: false } & TraceDivergence);

const END = '(end of trace)';

/** Compares two traces callback by callback, streaming, and finds where they part ways. */
export async function compareTraces(pathA: string, pathB: string, context = 3): Promise<TraceComparison> {
  const a = records(pathA);
  const b = records(pathB);
  const before: string[] = [];
  for (let callback = 1; ; callback++) {
    const [lineA, lineB] = await Promise.all([a.next(), b.next()]);
    const textA = lineA.done ? END : lineA.value;
    const textB = lineB.done ? END : lineB.value;
    if (textA === textB) {
      if (lineA.done) return { identical: true, callbacks: callback - 1 };
      before.push(textA);
      if (before.length > context) before.shift();
      continue;
    }
    return { identical: false, callback, before, a: await take(a, textA, context), b: await take(b, textB, context) };
  }
}

async function take(lines: AsyncGenerator<string>, first: string, context: number): Promise<string[]> {
  const taken = [first];
  while (taken.length <= context && taken[taken.length - 1] !== END) {
    const next = await lines.next();
    taken.push(next.done ? END : next.value);
  }
  await lines.return(undefined);
  return taken;
}

/** The callback lines of a trace (header and closing lines skipped). */
async function* records(path: string): AsyncGenerator<string> {
  const input = createReadStream(path, 'utf8');
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) if (!line.startsWith('#') && line.length > 0) yield line;
  } finally {
    lines.close();
    input.destroy();
  }
}

/** Human report of a divergence, with the sim time where it starts. */
export function formatDivergence(divergence: TraceDivergence, nameA: string, nameB: string): string {
  const time = (line: string | undefined): string => (line && line !== END ? `${line.split('\t')[0]}s` : 'the end');
  const width = Math.max(nameA.length, nameB.length);
  const lines = [`first divergence at callback ${divergence.callback}, sim time ${time(divergence.a[0] === END ? divergence.b[0] : divergence.a[0])}:`];
  for (const line of divergence.before) lines.push(`  ${' '.repeat(width)}   ${line}`);
  for (const line of divergence.a) lines.push(`  ${nameA.padEnd(width)} < ${line}`);
  for (const line of divergence.b) lines.push(`  ${nameB.padEnd(width)} > ${line}`);
  return lines.join('\n');
}
