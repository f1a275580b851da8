// Markdown as the house tests read it: fenced blocks, the prose outside them, headings' anchors.

export interface Block {
  lang: string;
  lines: string[];
  /** Line numbers (0-based) of the opening and closing fences. */
  start: number;
  end: number;
}

export function fencedBlocks(text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i]!);
    if (open === null) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.slice(indent));
    blocks.push({ lang: open[2]!, lines: body, start: i, end: j });
    i = j;
  }
  return blocks;
}

/** The text outside fenced blocks (links in code are not links). */
export function prose(text: string): string {
  const lines = text.split('\n');
  for (const block of fencedBlocks(text)) for (let i = block.start; i <= block.end; i++) lines[i] = '';
  return lines.join('\n');
}

/** GitHub's anchors of a Markdown file's headings. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}
