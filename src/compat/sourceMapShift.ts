/** An inline source map at a source's end, as tsx (esbuild) writes one. */
const INLINE_MAP = /(\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,)([A-Za-z0-9+/]+=*)\s*$/;
const LINE_BREAK = /\r\n?|\n|\u2028|\u2029/g;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * `rewritten` (`original` with `edits` made, none across a line break) with its inline source
 * map's generated columns moved as the edits moved the code: tsx compiles a TypeScript file into
 * few long lines, so a stack trace's place is found through the map, and an unmoved map would name
 * other lines. A position in a replaced token, or where text was inserted, keeps its mapping.
 */
export function shiftInlineSourceMap(original: string, rewritten: string, edits: readonly { start: number; end: number; text: string }[]): string {
  const inline = INLINE_MAP.exec(rewritten);
  if (inline === null) return rewritten;
  let map: { mappings?: unknown };
  try {
    map = JSON.parse(Buffer.from(inline[2]!, 'base64').toString('utf8')) as { mappings?: unknown };
    if (typeof map.mappings !== 'string') return rewritten;
    map.mappings = shiftMappings(map.mappings, original, edits);
  } catch {
    return rewritten; // not a source map of base64 VLQs
  }
  const shifted = Buffer.from(JSON.stringify(map)).toString('base64');
  return rewritten.slice(0, inline.index) + inline[1] + shifted + rewritten.slice(inline.index + inline[1]!.length + inline[2]!.length);
}

/** Source map mappings with each generated column moved by the edits made before it on its line. */
function shiftMappings(mappings: string, original: string, edits: readonly { start: number; end: number; text: string }[]): string {
  const lineStarts = [0];
  for (const lineBreak of original.matchAll(LINE_BREAK)) lineStarts.push(lineBreak.index + lineBreak[0].length);
  /** Per line, its edits as the column each ends at, whether it replaced text, and how much longer it made the line. */
  const byLine = new Map<number, { end: number; replaced: boolean; growth: number }[]>();
  for (const edit of edits) {
    const line = lastAtMost(lineStarts, edit.start);
    const lineEdits = byLine.get(line) ?? [];
    lineEdits.push({ end: edit.end - lineStarts[line]!, replaced: edit.end > edit.start, growth: edit.text.length - (edit.end - edit.start) });
    byLine.set(line, lineEdits);
  }
  return mappings
    .split(';')
    .map((segments, line) => {
      const lineEdits = byLine.get(line);
      if (lineEdits === undefined || segments === '') return segments;
      // A replacement moves what follows its end; an insertion what follows its place, not what starts there.
      lineEdits.sort((a, b) => a.end - b.end || Number(b.replaced) - Number(a.replaced));
      let column = 0;
      let movedColumn = 0;
      let growth = 0;
      let passed = 0;
      return segments
        .split(',')
        .map((segment) => {
          const [delta, length] = decodeVlq(segment);
          column += delta;
          for (let edit = lineEdits[passed]; edit !== undefined && (edit.end < column || (edit.end === column && edit.replaced)); edit = lineEdits[++passed]) {
            growth += edit.growth;
          }
          const encoded = encodeVlq(column + growth - movedColumn) + segment.slice(length);
          movedColumn = column + growth;
          return encoded;
        })
        .join(',');
    })
    .join(';');
}

/** The index of the last of the ascending `values` at most `value`. */
function lastAtMost(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (values[middle]! <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** A segment's first base64 VLQ value, and how many characters it took. */
function decodeVlq(segment: string): [number, number] {
  let value = 0;
  let shift = 0;
  let length = 0;
  for (;;) {
    const digit = BASE64.indexOf(segment[length++] ?? '');
    if (digit < 0) throw new SyntaxError(`not a base64 VLQ: ${segment}`);
    value += (digit & 31) * 2 ** shift;
    shift += 5;
    if ((digit & 32) === 0) break;
  }
  return [value % 2 === 1 ? -(value - 1) / 2 : value / 2, length];
}

function encodeVlq(value: number): string {
  let rest = value < 0 ? -value * 2 + 1 : value * 2;
  let encoded = '';
  do {
    const digit = rest % 32;
    rest = Math.floor(rest / 32);
    encoded += BASE64[rest > 0 ? digit | 32 : digit];
  } while (rest > 0);
  return encoded;
}
