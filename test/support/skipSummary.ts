import { Readable } from 'node:stream';
import type { TestEvent } from 'node:test/reporters';
import { spec, tap } from 'node:test/reporters';

/**
 * The test reporter of `npm test`: Node's own (spec on a terminal, TAP otherwise) plus one line, just
 * before the run's totals, naming what was skipped for want of an optional Debian package and the
 * command that installs them all. The reasons come from helpers.ts `needs` ("needs X (apt-get install …)").
 */
export default async function* skipSummary(source: AsyncIterable<TestEvent>): AsyncGenerator<string | Buffer> {
  const watched = withSummary(source);
  if (process.stdout.isTTY) yield* Readable.from(watched).pipe(new spec());
  else yield* tap(watched);
}

const NEEDS = /^needs (.+) \(apt-get install (.+)\)$/;

async function* withSummary(source: AsyncIterable<TestEvent>): AsyncGenerator<TestEvent> {
  const skipped = new Map<string, Skipped>();
  let summarized = false;
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && typeof event.data.skip === 'string') {
      const match = NEEDS.exec(event.data.skip);
      if (match) {
        const entry = skipped.get(match[1]!) ?? { tests: 0, suites: 0, packages: match[2]!.split(' ') };
        if (event.data.details.type === 'suite') entry.suites++;
        else entry.tests++;
        skipped.set(match[1]!, entry);
      }
    }
    // The runner's totals are its first top-level diagnostic after the last test ("tests N").
    if (!summarized && event.type === 'test:diagnostic' && event.data.nesting === 0 && /^tests \d+$/.test(event.data.message)) {
      summarized = true;
      yield { type: 'test:diagnostic', data: { nesting: 0, message: summaryLine(skipped), file: undefined } } as TestEvent;
    }
    yield event;
  }
}

interface Skipped {
  tests: number;
  suites: number;
  packages: string[];
}

const counted = (n: number, what: string): string[] => (n === 0 ? [] : [`${n} ${what}${n === 1 ? '' : 's'}`]);

function summaryLine(skipped: Map<string, Skipped>): string {
  if (skipped.size === 0) return 'skipped for want of optional packages: nothing';
  const what = [...skipped].map(([tool, { tests, suites }]) => `${tool} (${[...counted(suites, 'suite'), ...counted(tests, 'test')].join(', ')})`).join(', ');
  const packages = [...new Set([...skipped.values()].flatMap((entry) => entry.packages))];
  return `skipped for want of optional packages: ${what}; to run them: apt-get install ${packages.join(' ')}`;
}
