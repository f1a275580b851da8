import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SeededRandom } from '../../src/base/SeededRandom.js';
import { readBlockYaml } from '../../src/sim/blockYaml.js';
import { parseYamlSource } from '../../src/sim/yamlSource.js';
import { type YamlTreeEntry, yamlTree } from '../../src/sim/yamlTree.js';

/** The fast reader's top-level entries, or undefined where it leaves the text to the library. */
function fast(text: string): YamlTreeEntry[] | undefined {
  const entries: YamlTreeEntry[] = [];
  return readBlockYaml(text, (entry) => entries.push(entry)) ? entries : undefined;
}

/** The `yaml` library's top-level entries (as parameter files are read: keys may repeat), or its error. */
function library(text: string): YamlTreeEntry[] | string {
  try {
    const { doc, lineAt } = parseYamlSource(text, 'p.yaml', (message) => new Error(message), false);
    const tree = yamlTree(doc.contents, lineAt);
    return tree?.kind === 'map' ? tree.entries : `not a mapping: ${tree?.kind}`;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the fast reader of block YAML (parameter files)', () => {
  it("reads every kind of value rcl's parameter files hold as the yaml library does, with the same lines", () => {
    const text = [
      '# robot bring-up',
      '/**:',
      '  ros__parameters:',
      '    use_sim_time: false',
      '/ns/*/arm:',
      '  ros__parameters:',
      '    ints: [0, -1, +5, 0x1F, 0o17, 017, 9223372036854775807, -9223372036854775808, 9223372036854775808]',
      '    floats: [1.0, -1.5, 1., .5, -.5, 1e3, 1E+3, 1.5e-3, 6.02e23]',
      '    special: [.inf, -.inf, +.inf, .Inf, .INF, .nan, .NaN, .NAN, inf, nan]',
      '    bools: [true, True, TRUE, false, False, FALSE, yes, no, on, off, y, n]',
      '    nulls: [~, null, Null, NULL, nULL]',
      "    strings: [\"quoted\", 'single', 'it''s', \"123\", 'true', \"\", plain words]",
      '    hash: a#b',
      '    i: 42 # a comment',
      '    d: 3.14',
      '    b: true',
      '    s: hello world',
      '    url: package://robot_description/urdf/robot.urdf',
      '    time: 12:30:00',
      '    date: 2001-12-14',
      '    empty:',
      '    quoted_hash: "a #b"',
      '    unicode: "héllo wörld"',
      '    dashed: -x',
      '    nested:',
      '      deeper:',
      '        value: 1',
      '',
      '        names:',
      '          - a',
      '          - "b"',
      '          - 3',
      '      list:',
      '      - 1.5',
      '      - 2.5',
      'ns:',
      '  node_*:',
      '    ros__parameters:',
      '      0x10: sixteen',
      '      1.0: one',
      '      true: yes',
      '      null: none',
      '/**/arm:',
      '  ros__parameters: {}',
      '',
    ].join('\n');
    // `{}` is the library's to read: the file as a whole goes to it.
    assert.equal(fast(text), undefined);
    const block = text.replace('  ros__parameters: {}', '  ros__parameters:\n    e: []');
    for (const variant of [block, block.replaceAll('\n', '\r\n')]) {
      const entries = fast(variant);
      assert.ok(entries !== undefined, 'the fast reader reads it');
      assert.deepEqual(entries, library(variant));
    }
  });

  it('agrees with the yaml library on every text it reads, and leaves every other text to it (20,000 random texts)', () => {
    const random = new SeededRandom(53);
    const pick = <T>(items: readonly T[]): T => items[random.nextUint32() % items.length]!;
    const typical = ['1', '-2', '1.5', 'x', 'true', '"q"', '[1, 2]', 'a b', '.inf'];
    // Values and keys near and past the edges of what the fast reader reads (space-separated, then those with spaces).
    const tricky = [
      ...'+5 0x1F 0o17 017 1_000 9223372036854775808 1. .5 -.5 +.5 1E+3 -.inf +.inf .NaN nan inf True TRUE tRUE yes off ~ Null NULL nULL'.split(' '),
      ...'a#b a:b a: http://x:80/y 12:30:00 2001-12-14 - -- -x -1x ?x :x \'q\' "q\\" \'it\'\'s\' \'a\'b "a"b \'\' "" "a\\tb" "é" é'.split(' '),
      ...'[] [1,2] [a,"b",\'c\'] [1,] [,] [a:b] [[1]] [{a:1}] {a:1} *a | > %x @x `x a] a[ a,b a{b [-1,-.5] [-] #c 0 -0.0 ... ---'.split(' '),
      ...['', 'a  b', 'a #b', 'a: b', '- x', '"a" b', '"a #b"', '[ ]', '[1 , 2 ]', '[1, ]', '[1 2]', '[a #b]', '[- 1]', '&a 1', '!!str 1', '!x 1'],
    ];
    const keys = ['a', 'b', 'ros__parameters', '/**', 'ns/node'];
    const trickyKeys = [...'/ns/*/arm node_* * ** 1 1.0 true ~ null 0x10 -a .a a.b "q" \'q\' ? a:b / a~ +x'.split(' '), 'a b', 'k'.repeat(1100)];
    const comments = ['', '', '', ' # c', '  #c', '#c', ' #'];
    const counts = { read: 0, left: 0 };
    for (let i = 0; i < 20_000; i++) {
      const lines: string[] = [];
      const indents = [0];
      for (let n = 1 + (random.nextUint32() % 6); n > 0; n--) {
        const r = random.nextUint32() % 20;
        const pad = ' '.repeat(r === 0 ? pick([0, 1, 2, 3, 4, 6]) : pick(indents));
        const value = (): string => (random.nextUint32() % 2 === 0 ? pick(typical) : pick(tricky));
        const key = (): string => (random.nextUint32() % 4 === 0 ? pick(trickyKeys) : pick(keys));
        if (r === 1) lines.push('');
        else if (r === 2) lines.push(`${pad}# comment`);
        else if (r < 5) lines.push(`${pad}-${pick(['', ' '])}${value()}${pick(comments)}`);
        else if (r < 9) {
          lines.push(`${pad}${key()}:${pick(comments)}`);
          indents.push(pad.length + pick([1, 2, 2, 4]));
        } else lines.push(`${pad}${key()}${pick([': ', ': ', ':', ':  ', ' :'])}${value()}${pick(comments)}${pick(['', '', ' '])}`);
      }
      const text = lines.join(pick(['\n', '\n', '\r\n'])) + pick(['\n', '', '\n\n']);
      const entries = fast(text);
      if (entries === undefined) {
        counts.left++;
        continue;
      }
      counts.read++;
      assert.deepEqual(entries, library(text), JSON.stringify(text));
    }
    // Enough of them read fast for the agreement to mean something.
    assert.ok(counts.read > 2_000, `${counts.read} read, ${counts.left} left to the library`);
  });
});
