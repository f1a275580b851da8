/**
 * `npm run costs [workload…] [--update]`: the figures of rclsim's cost that do not move with the
 * machine's load — instructions per callback on a single-threaded V8 (valgrind's cachegrind) and
 * bytes allocated per callback (V8's collector trace) — checked against the budgets in
 * bench/costs/budgets.json. Exit 1 when a figure is over its budget, naming the figure, the
 * budget and how to profile; 2 when it cannot measure. `--update` writes the figures measured as
 * the new budgets (CONTRIBUTING.md: moving a budget on purpose).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { haveValgrind } from './cachegrind.js';
import { BYTES_LENGTHS, type Figure, perCallback, type Workload, withScratch, workloads } from './workloads.js';

const BUDGETS = new URL('../../../bench/costs/budgets.json', import.meta.url).pathname;

type Budgets = Record<string, Partial<Record<Figure, number>>>;

/** What the line of a figure over budget says to do next. */
function howToProfile(figure: Figure, workload: Workload): string {
  if (figure === 'bytesPerCallback') {
    return 'find the allocations: `node --single-threaded --heap-prof dist/bench/costs/graphWorkload.js 25 60` and open the .heapprofile in Chrome DevTools; docs/performance.md "Costs"';
  }
  return `${workload.profile}; docs/performance.md "Costs"`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const update = args.includes('--update');
  const names = args.filter((arg) => arg !== '--update');
  for (const name of names) {
    if (workloads[name] === undefined) {
      process.stderr.write(`costs: unknown workload '${name}'; known: ${Object.keys(workloads).join(', ')}\n`);
      return 2;
    }
  }
  if (!haveValgrind()) {
    process.stderr.write('costs: needs valgrind to count instructions (Debian package valgrind: apt-get install valgrind)\n');
    return 2;
  }
  const budgets = JSON.parse(readFileSync(BUDGETS, 'utf8')) as Budgets;
  const over: string[] = [];
  await withScratch(async (scratch) => {
    for (const name of names.length > 0 ? names : Object.keys(workloads)) {
      const workload = workloads[name]!;
      const bytes = workload.figures.bytesPerCallback === undefined ? '' : `; bytes at ${BYTES_LENGTHS} times those`;
      process.stderr.write(`measuring ${name}: ${workload.description} (${workload.long} s less ${workload.short} s of sim time${bytes})\n`);
      for (const [figure, measure] of Object.entries(workload.figures) as [Figure, NonNullable<(typeof workload.figures)[Figure]>][]) {
        const value = Math.round(await perCallback(measure, workload, scratch));
        const budget = budgets[name]?.[figure];
        const line = `${name} ${figure} ${value}`;
        if (update) {
          budgets[name] = { ...budgets[name], [figure]: value };
          process.stdout.write(`${line} (the new budget)\n`);
        } else if (budget === undefined) {
          over.push(`costs: ${name} ${figure} ${value} has no budget in bench/costs/budgets.json (npm run costs -- ${name} --update)`);
        } else {
          const change = value / budget - 1;
          process.stdout.write(`${line}, budget ${budget} (${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %)\n`);
          if (change > workload.tolerance) {
            over.push(
              `costs: ${name} ${figure} is ${value}, over its budget of ${budget} by ${(change * 100).toFixed(1)} % (more than ${workload.tolerance * 100} %); ${howToProfile(figure, workload)}`,
            );
          }
        }
      }
    }
  });
  if (update) writeFileSync(BUDGETS, `${JSON.stringify(budgets, null, 2)}\n`);
  for (const line of over) process.stderr.write(`${line}\n`);
  return over.length > 0 ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  process.stderr.write(`costs: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
