// The page of an rclsim sweep's summary: every run's numbers against the sweep's values.
(() => {
  'use strict';
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const root = document.getElementById('report');
  const { el, section, number, seconds, table, plot, seriesOpts } = rclsimPage(root);
  const RUNS_LISTED = 500;

  root.append(el('h1', {}, `rclsim sweep: ${data.title}`));
  section('Summary');
  root.append(
    table(
      ['', ''],
      Object.entries(data.summary).map(([k, v]) => [k, number(v)]),
      [0, 1],
    ),
  );

  /** Mean, least and greatest of a measure over the runs that have it, at each position of `positionOf`. */
  function spread(measure, positions, positionOf) {
    const stats = positions.map(() => ({ sum: 0, n: 0, min: null, max: null }));
    for (const run of data.runs) {
      const value = run.measures[measure];
      const at = positionOf(run);
      if (value === null || at < 0) continue;
      const s = stats[at];
      s.sum += value;
      s.n++;
      s.min = s.min === null ? value : Math.min(s.min, value);
      s.max = s.max === null ? value : Math.max(s.max, value);
    }
    return [stats.map((s) => (s.n ? s.sum / s.n : null)), stats.map((s) => s.min), stats.map((s) => s.max)];
  }

  // Against each axis (its values in the sweep's order), or against the seed when there is none.
  const xs =
    data.axes.length > 0 ? data.axes.map((axis, a) => ({ name: axis.key, labels: axis.values, positionOf: (run) => axis.values.indexOf(run.values[a]) })) : [];
  if (xs.length === 0) {
    const seeds = [...new Set(data.runs.map((r) => r.seed))].filter((s) => s !== null).sort((a, b) => a - b);
    if (seeds.length > 0) xs.push({ name: 'seed', labels: seeds.map(String), positionOf: (run) => seeds.indexOf(run.seed) });
  }
  for (const x of xs) {
    section(`Against ${x.name}`);
    data.measures.forEach((name, m) => {
      const positions = x.labels.map((_, i) => i);
      const [mean, min, max] = spread(m, positions, x.positionOf);
      plot(
        `${name} by ${x.name}`,
        {
          height: 220,
          scales: { x: { time: false } },
          axes: [
            { values: (_, ticks) => ticks.map((t) => (Number.isInteger(t) && x.labels[t] !== undefined ? x.labels[t] : '')) },
            { size: 90, values: (_, ticks) => ticks.map((t) => (Math.abs(t) >= 1e6 ? t.toExponential(3) : number(t))) },
          ],
          series: seriesOpts(['mean', 'least', 'greatest'], (i) =>
            i === 0 ? { width: 2, points: { show: true } } : { dash: [4, 4], points: { show: false } },
          ),
        },
        [positions, mean, min, max],
        positions.length,
      );
    });
  }

  section('Runs');
  if (data.unlisted > 0) root.append(el('p', { class: 'note' }, `The first ${RUNS_LISTED} of ${data.runs.length} runs:`));
  const headers = [
    'run',
    ...data.axes.map((a) => a.key),
    'seed',
    'status',
    'exit code',
    'fingerprint',
    'wall',
    ...data.measures.filter((m) => m.startsWith('results.')),
  ];
  const resultColumns = data.measures.map((m, i) => [m, i]).filter(([m]) => m.startsWith('results.'));
  const rows = data.runs
    .slice(0, RUNS_LISTED)
    .map((run) => [
      run.key,
      ...run.values,
      run.seed === null ? '–' : String(run.seed),
      run.error ? `${run.status}: ${run.error}` : run.status,
      run.exitCode === null ? '–' : String(run.exitCode),
      run.fingerprint || '–',
      seconds(run.wallSeconds),
      ...resultColumns.map(([, i]) => (run.measures[i] === null ? '–' : number(run.measures[i]))),
    ]);
  root.append(table(headers, rows, [0, ...data.axes.map((_, i) => i + 1), data.axes.length + 2, data.axes.length + 4]));
  document.body.dataset.ready = '1';
})();
