import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, runCli } from '../support/helpers.js';

/** Text as a comparison sees it: no Markdown code marks, one space between words. */
const plain = (text: string): string => text.replaceAll('`', '').replace(/\s+/g, ' ').trim();

/** The default `rclsim <command> --help` gives `option` (commander wraps it over lines). */
function helpDefault(command: string, option: string): string {
  const help = plain(runCli([command, '--help']).stdout);
  const at = help.indexOf(`${option} <`);
  assert.ok(at >= 0, `rclsim ${command} --help has no ${option}`);
  const match = /default: (.*?)\)/.exec(help.slice(at));
  assert.ok(match !== null, `rclsim ${command} --help gives ${option} no default`);
  return match[1]!;
}

describe("docs/cli.md and the commands' help", () => {
  it("give launch's --workspace the same default (the current folder when it has src/, else ./install)", () => {
    const cli = readFileSync(join(repoRoot, 'docs/cli.md'), 'utf8');
    const row = cli.split('\n').find((line) => line.startsWith('| `launch '));
    assert.ok(row !== undefined, 'docs/cli.md has no launch row');
    const documented = /--workspace DIR \(default:? (.*?)[;)]/.exec(plain(row));
    assert.ok(documented !== null, "docs/cli.md's launch row gives --workspace no default");
    assert.equal(documented[1], helpDefault('launch', '--workspace'));
  });
});
