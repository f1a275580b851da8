// The page of an rclsim report: reads the embedded data and draws it with uPlot.
(() => {
  'use strict';
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const root = document.getElementById('report');
  const { el, section, seconds, number, table, plot, seriesOpts, COLORS, WIDTH } = rclsimPage(root);
  function bytesOf(base64) {
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }
  // The report's doubles are little-endian, whatever machine wrote it or shows it.
  function float64s(base64) {
    const bytes = bytesOf(base64);
    const view = new DataView(bytes.buffer);
    return Float64Array.from({ length: bytes.length / 8 }, (_, i) => view.getFloat64(8 * i, true));
  }
  function binCenters(count, width) {
    return Array.from({ length: count }, (_, i) => (i + 0.5) * width);
  }

  // ---- summary ---------------------------------------------------------------------------
  root.append(el('h1', {}, `rclsim report: ${data.title}`));
  root.append(
    el(
      'p',
      { class: 'note' },
      data.source === 'trace' ? 'From a trace file: callbacks are instants (a trace holds no execution times), no network or executor metrics.' : 'From a run.',
    ),
  );
  if (data.failure) root.append(el('div', { class: 'failure', id: 'failure' }, `The run failed: ${data.failure}`));
  section('Summary');
  root.append(
    table(
      ['', ''],
      Object.entries(data.summary).map(([k, v]) => [k, number(v)]),
      [0, 1],
    ),
  );
  if (Object.keys(data.results).length > 0) {
    root.append(el('h3', {}, 'Results'));
    root.append(el('pre', { id: 'results' }, JSON.stringify(data.results, null, 2)));
  }
  if (data.warnings.length > 0) {
    root.append(el('h3', {}, 'Warnings'));
    root.append(el('ul', { class: 'warnings' }, ...data.warnings.map((w) => el('li', {}, w))));
  }
  if (data.checks.length > 0) {
    root.append(el('h3', {}, 'Checks'));
    root.append(
      table(
        ['check', 'kind', 'read', 'result'],
        data.checks.map((c) => [
          c.name,
          c.kind,
          number(c.evaluations),
          c.failure
            ? `failed at ${c.failure.time}: ${c.failure.what}${c.failure.callback ? ` (in ${c.failure.callback})` : ''}`
            : c.held
              ? 'held'
              : 'never held',
        ]),
      ),
    );
  }
  if (data.faults) {
    const on = data.faults.on.length === 0 ? 'none on' : `on: ${data.faults.on.join(', ')}`;
    root.append(el('h3', {}, 'Faults'));
    root.append(el('p', {}, `${number(data.faults.fired)} fired (${on}).`));
    const fired = Object.entries(data.faults.byName);
    if (fired.length > 0)
      root.append(
        table(
          ['fault', 'fired'],
          fired.map(([name, n]) => [name, number(n)]),
        ),
      );
  }
  if (data.limits.length > 0) root.append(el('p', { class: 'note' }, `Downsampled: ${data.limits.join('; ')}.`));

  // ---- divergence ------------------------------------------------------------------------
  if (data.divergence) {
    const d = data.divergence;
    section('Where the runs part ways');
    root.append(el('p', {}, `First divergence at record ${d.record}: ${d.what}.`));
    const pre = el('pre', { class: 'trace', id: 'divergence' });
    for (const line of d.before) pre.append(el('span', {}, `    ${line}\n`));
    for (const line of d.a) pre.append(el('span', { class: 'a' }, `${d.nameA} < ${line}\n`));
    for (const line of d.b) pre.append(el('span', { class: 'b' }, `${d.nameB} > ${line}\n`));
    root.append(pre);
  }

  // ---- callback timeline -----------------------------------------------------------------
  const timeline = data.timeline;
  if (timeline.rows.length > 0) {
    section('Callback timeline');
    root.append(
      el(
        'p',
        { class: 'note' },
        timeline.durations ? 'Bars: callbacks with their modeled execution times.' : 'Ticks: callbacks (no execution times modeled: each takes no sim time).',
      ),
    );
    const levels = bytesOf(timeline.levels);
    const rows = timeline.rows.map((row) => ({
      label: `${row.node} ${row.kind}${row.channel ? ` ${row.channel}` : ''}`,
      row,
      starts: row.starts ? float64s(row.starts) : null,
      durations: row.durations ? float64s(row.durations) : null,
      levels: row.starts ? null : levels.subarray(row.level * timeline.bins, (row.level + 1) * timeline.bins),
    }));
    const SHOWN = 40;
    const filter = el('input', { type: 'search', placeholder: 'filter rows (node, kind or topic)', id: 'timeline-filter' });
    const info = el('span', { class: 'note' });
    root.append(el('div', { class: 'controls' }, filter, ' ', info));
    const holder = el('div');
    root.append(holder);
    let chart = null;
    const draw = () => {
      const text = filter.value.trim();
      const matching = rows.filter((r) => text === '' || r.label.includes(text));
      const shown = matching.slice(0, SHOWN);
      info.textContent = `${shown.length} of ${matching.length} rows (${rows.length} in all)`;
      if (chart) chart.destroy();
      holder.textContent = '';
      const height = 80 + 22 * Math.max(shown.length, 1);
      let points = 0;
      for (const r of shown) points += r.starts ? r.starts.length : r.levels.length;
      const box = el('div', { class: 'plot', 'data-title': 'Callback timeline', 'data-points': String(points) });
      holder.append(box);
      chart = new uPlot(
        {
          width: WIDTH,
          height,
          legend: { show: false },
          cursor: { drag: { x: true, y: false }, points: { show: false } },
          scales: { x: { time: false, range: (_u, min, max) => [min, max] }, y: { range: [-0.5, shown.length - 0.5], dir: -1 } },
          axes: [
            { label: 'sim time (s)' },
            { size: 330, splits: () => shown.map((_, i) => i), values: (_u, splits) => splits.map((i) => (shown[i] ? shown[i].label.slice(-52) : '')) },
          ],
          series: [{}, { show: false }],
          hooks: {
            draw: [
              (u) => {
                const ctx = u.ctx;
                ctx.save();
                ctx.beginPath();
                ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
                ctx.clip();
                const rowHeight = Math.abs(u.valToPos(1, 'y', true) - u.valToPos(0, 'y', true)) * 0.7;
                shown.forEach((r, i) => {
                  const y = u.valToPos(i, 'y', true) - rowHeight / 2;
                  ctx.fillStyle = COLORS[i % COLORS.length];
                  if (r.starts) {
                    for (let k = 0; k < r.starts.length; k++) {
                      const x0 = u.valToPos(r.starts[k], 'x', true);
                      const x1 = u.valToPos(r.starts[k] + r.durations[k], 'x', true);
                      ctx.fillRect(x0, y, Math.max(1, x1 - x0), rowHeight);
                    }
                  } else {
                    for (let k = 0; k < r.levels.length; k++) {
                      if (r.levels[k] === 0) continue;
                      const x0 = u.valToPos(k * timeline.binWidth, 'x', true);
                      const x1 = u.valToPos((k + 1) * timeline.binWidth, 'x', true);
                      ctx.globalAlpha = 0.15 + (0.85 * r.levels[k]) / 255;
                      ctx.fillRect(x0, y, Math.max(1, x1 - x0), rowHeight);
                    }
                    ctx.globalAlpha = 1;
                  }
                });
                ctx.restore();
              },
            ],
          },
        },
        [
          [0, data.span],
          [null, null],
        ],
        box,
      );
      box.dataset.rendered = '1';
    };
    filter.addEventListener('input', draw);
    draw();
    if (timeline.rows.length > 200) root.append(el('p', { class: 'note' }, `The first 200 of ${timeline.rows.length} rows:`));
    root.append(
      table(
        ['node', 'kind', 'topic / service', 'callbacks', 'busy'],
        timeline.rows.slice(0, 200).map((r) => [r.node, r.kind, r.channel || '–', number(r.callbacks), seconds(r.busy)]),
        [0, 1, 2],
      ),
    );
  }

  // ---- topics ----------------------------------------------------------------------------
  if (data.topics.length > 0) {
    section('Topics');
    root.append(
      table(
        ['topic', 'published', 'taken', 'lost', 'faults', 'rate (Hz)', 'latency min', 'mean', 'p50', 'p99', 'max'],
        data.topics.map((t) => {
          const l = t.latency;
          const approx = l && !l.exact ? '≈' : '';
          return [
            t.topic,
            number(t.published),
            number(t.taken),
            number(t.dropped),
            number(t.faults),
            t.rate.toFixed(2),
            seconds(l?.min),
            seconds(l?.mean),
            l ? approx + seconds(l.p50) : '–',
            l ? approx + seconds(l.p99) : '–',
            seconds(l?.max),
          ];
        }),
      ),
    );
    root.append(
      el(
        'p',
        { class: 'note' },
        'Latency: from the publish to the callback that took the message (matched by message digest, so a run without a fingerprint has none).',
      ),
    );
  }
  if (data.rates) {
    const r = data.rates;
    const x = binCenters(r.series[0].values.length, r.binWidth);
    plot(
      `Message rate per topic (messages/s, bins of ${seconds(r.binWidth)})`,
      { scales: { x: { time: false } }, axes: [{ label: 'sim time (s)' }, { label: 'messages/s', size: 70 }], series: seriesOpts(r.series.map((s) => s.name)) },
      [x, ...r.series.map((s) => s.values)],
      x.length * r.series.length,
    );
  }
  if (data.latency) {
    const l = data.latency;
    // One point per bin (by index: the axis names each bin by its lower edge).
    const x = l.edges.slice(0, -1).map((_, i) => i);
    plot(
      'Publish → take latency: histogram (log-scale bins; a take with no latency counts in the first)',
      {
        scales: { x: { time: false } },
        axes: [
          { label: 'latency', values: (_u, splits) => splits.map((i) => (Number.isInteger(i) && l.edges[i] !== undefined ? seconds(l.edges[i]) : '')) },
          { label: 'takes', size: 70 },
        ],
        series: seriesOpts(
          l.histograms.map((h) => h.name),
          () => ({ paths: uPlot.paths.stepped({ align: 1 }), points: { show: false } }),
        ),
      },
      [x, ...l.histograms.map((h) => h.counts)],
      x.length * l.histograms.length,
    );
    const t = binCenters(Math.max(...l.overTime.map((s) => s.mean.length)), l.binWidth);
    const names = [];
    const values = [];
    l.overTime.forEach((s) => {
      names.push(`${s.name} mean`, `${s.name} max`);
      values.push(s.mean, s.max);
    });
    plot(
      `Publish → take latency over time (mean and max per bin of ${seconds(l.binWidth)})`,
      {
        scales: { x: { time: false } },
        axes: [{ label: 'sim time (s)' }, { label: 'latency', size: 80, values: (_u, splits) => splits.map((v) => seconds(v)) }],
        series: seriesOpts(names, (i) => ({ stroke: COLORS[Math.floor(i / 2) % COLORS.length], dash: i % 2 === 1 ? [4, 4] : undefined, spanGaps: true })),
      },
      [t, ...values.map((v) => Array.from(t, (_, i) => (v[i] === undefined ? null : v[i])))],
      t.length * values.length,
    );
  }

  // ---- executors -------------------------------------------------------------------------
  if (data.executors) {
    const m = data.executors;
    section('Executors');
    if (m.executors.length > 0) {
      root.append(
        table(
          ['executor', 'type', 'threads', 'busy', 'utilization'],
          m.executors.map((e) => [e.name, e.type, e.threads, seconds(e.busyTime / 1e9), `${(100 * e.utilization).toFixed(1)} %`]),
        ),
      );
      const x = m.executors.map((_, i) => i);
      plot(
        'Executor utilization (%)',
        {
          height: 200,
          scales: { x: { time: false, range: [-0.5, m.executors.length - 0.5] }, y: { range: [0, 100] } },
          axes: [
            { splits: () => x, values: (_u, splits) => splits.map((i) => (m.executors[i] ? m.executors[i].name : '')) },
            { label: '%', size: 50 },
          ],
          series: [{}, { label: 'utilization', fill: '#1f77b455', stroke: '#1f77b4', paths: uPlot.paths.bars({ size: [0.5] }) }],
        },
        [x, m.executors.map((e) => 100 * e.utilization)],
        x.length,
      );
    }
    const ns = (v) => (v === null || v === undefined ? '–' : seconds(v / 1e9));
    const entities = [...m.entities].sort((a, b) => b.activations - a.activations).slice(0, 100);
    root.append(el('h3', {}, `Callbacks (${entities.length} of ${m.entities.length}, most activations first)`));
    root.append(
      table(
        ['node', 'kind', 'topic', 'executor', 'activations', 'response p50', 'p99', 'max', 'waiting p50', 'p99', 'overruns', 'overwritten'],
        entities.map((e) => [
          e.node,
          e.kind,
          e.channel || '–',
          e.executor,
          number(e.activations),
          ns(e.responseTime?.p50),
          ns(e.responseTime?.p99),
          ns(e.responseTime?.max),
          ns(e.waitingTime?.p50),
          ns(e.waitingTime?.p99),
          number(e.timerOverruns),
          number(e.overwritten),
        ]),
        [0, 1, 2, 3],
      ),
    );
    if (m.chains.length > 0) {
      root.append(el('h3', {}, 'Chains: end-to-end latency'));
      root.append(
        table(
          ['chain', 'topics', 'count', 'min', 'mean', 'p50', 'p99', 'max'],
          m.chains.map((c) => {
            const l = c.latency;
            return [c.name, c.topics.join(' → '), l ? number(l.count) : 0, ns(l?.min), ns(l?.mean), ns(l?.p50), ns(l?.p99), ns(l?.max)];
          }),
          [0, 1],
        ),
      );
    }
  }

  // ---- network ---------------------------------------------------------------------------
  if (data.network && data.network.length > 0) {
    const links = data.network;
    section('Network links');
    const times = links[0].times;
    const over = (title, key, label) => {
      const values = links.map((link) =>
        times.map((_, i) => {
          const v = link[key][i];
          return v === null || v === undefined || !Number.isFinite(v) ? null : v;
        }),
      );
      plot(
        title,
        { scales: { x: { time: false } }, axes: [{ label: 'sim time (s)' }, { label, size: 70 }], series: seriesOpts(links.map((l) => l.name)) },
        [times, ...values],
        times.length * links.length,
      );
    };
    over('SNR (dB)', 'snrDb', 'dB');
    over('MCS', 'mcs', 'index');
    over('Goodput (Mbit/s)', 'goodputMbps', 'Mbit/s');
    over('Latency, mean per period (s)', 'latencyMean', 's');
    over('Messages lost per metrics period', 'lost', 'messages');
    // Rate vs delay: one point per link and period.
    const scatter = links.map((link) => {
      const goodput = [];
      const delay = [];
      link.goodputMbps.forEach((g, i) => {
        const d = link.latencyMean[i];
        // Periods that delivered something (a period with none has no latency).
        if (g > 0 && Number.isFinite(g) && Number.isFinite(d)) {
          goodput.push(g);
          delay.push(d);
        }
      });
      return [goodput, delay];
    });
    // Drawn point by point over uPlot's axes (its data only sets the scales).
    const xs = scatter.flatMap((s) => s[0]);
    const ys = scatter.flatMap((s) => s[1]);
    plot(
      'Rate vs delay (one point per link and metrics period that delivered messages)',
      {
        scales: { x: { time: false, range: [0, Math.max(1e-9, ...xs) * 1.05] }, y: { range: [0, Math.max(1e-9, ...ys) * 1.05] } },
        axes: [{ label: 'goodput (Mbit/s)' }, { label: 'mean latency (s)', size: 80 }],
        series: [{}, ...links.map((l, i) => ({ label: l.name, stroke: COLORS[i % COLORS.length], paths: () => null, points: { show: false } }))],
        hooks: {
          draw: [
            (u) => {
              const ctx = u.ctx;
              scatter.forEach(([gx, dy], i) => {
                ctx.fillStyle = `${COLORS[i % COLORS.length]}aa`;
                for (let k = 0; k < gx.length; k++) {
                  ctx.beginPath();
                  ctx.arc(u.valToPos(gx[k], 'x', true), u.valToPos(dy[k], 'y', true), 3 * devicePixelRatio, 0, 2 * Math.PI);
                  ctx.fill();
                }
              });
            },
          ],
        },
      },
      [[0, 1], ...links.map(() => [null, null])],
      xs.length,
    );
  }

  // ---- turtles ---------------------------------------------------------------------------
  // What each turtlesim_node drew, as its window would show it at the run's end: the background,
  // the pens' paths and each turtle (a triangle pointing its heading, its name beside it).
  if (data.turtles && data.turtles.length > 0) {
    section('Turtles');
    for (const sim of data.turtles) {
      const size = 500;
      const canvas = el('canvas', {
        class: 'turtles',
        width: String(size),
        height: String(size),
        'data-node': sim.node,
        'data-paths': String(sim.paths.length),
      });
      root.append(el('h3', {}, sim.node));
      root.append(canvas);
      const ctx = canvas.getContext('2d');
      const scale = (size - 1) / (sim.width || 1);
      const px = (x) => x * scale;
      const py = (y) => (sim.height - y) * scale;
      ctx.fillStyle = `rgb(${sim.background.join(',')})`;
      ctx.fillRect(0, 0, size, size);
      ctx.lineCap = 'square';
      for (const path of sim.paths) {
        ctx.strokeStyle = `rgb(${path.color.join(',')})`;
        ctx.lineWidth = Math.max(1, path.width * scale);
        ctx.beginPath();
        for (let i = 0; i < path.points.length; i += 2) {
          const [x, y] = [px(path.points[i]), py(path.points[i + 1])];
          if (i === 0) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        }
        ctx.stroke();
      }
      ctx.font = '12px sans-serif';
      for (const turtle of sim.turtles) {
        const [x, y, t] = [px(turtle.x), py(turtle.y), turtle.theta];
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(-t);
        ctx.fillStyle = '#2e8b57';
        ctx.beginPath();
        ctx.moveTo(14, 0);
        ctx.lineTo(-10, 9);
        ctx.lineTo(-10, -9);
        ctx.closePath();
        ctx.fill();
        ctx.restore();
        ctx.fillStyle = '#fff';
        ctx.fillText(turtle.name, x + 12, y - 12);
      }
      root.append(
        table(
          ['turtle', 'x', 'y', 'theta'],
          sim.turtles.map((t) => [t.name, t.x.toFixed(4), t.y.toFixed(4), t.theta.toFixed(4)]),
          [0],
        ),
      );
    }
  }
  // ---- world ----------------------------------------------------------------------------
  // The robot's world from above: the obstacles a moving model can meet filled, the others
  // outlined; each model's path and its outline where it stopped; contacts as red crosses; the
  // lidar scans at the instants asked for, a dot where each ray ended.
  if (data.world) {
    const world = data.world;
    section('World');
    const scanColors = ['#ff7f0e', '#9467bd', '#17becf', '#e377c2', '#8c564b', '#bcbd22'];
    const scanColor = (i) => scanColors[i % scanColors.length];
    const rays = (scan, each) => {
      scan.ranges.forEach((r, i) => {
        if (r === null) return;
        const a = scan.yaw + scan.angleMin + i * scan.angleIncrement;
        each(scan.x + r * Math.cos(a), scan.y + r * Math.sin(a));
      });
    };
    const shapePoints = (shape, each) => {
      if (shape.circle) {
        const [x, y, r] = shape.points;
        each(x - r, y - r);
        each(x + r, y + r);
      } else for (let i = 0; i < shape.points.length; i += 2) each(shape.points[i], shape.points[i + 1]);
    };
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    const grow = (x, y) => {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    };
    for (const obstacle of world.obstacles) shapePoints(obstacle, grow);
    for (const model of world.models) {
      for (let i = 0; i < model.path.length; i += 2) grow(model.path[i], model.path[i + 1]);
      for (const shape of model.outline) shapePoints(shape, grow);
    }
    for (const scan of world.scans) rays(scan, grow);
    if (!Number.isFinite(minX)) [minX, minY, maxX, maxY] = [-1, -1, 1, 1];
    const margin = 0.25 + 0.02 * Math.max(maxX - minX, maxY - minY);
    [minX, minY, maxX, maxY] = [minX - margin, minY - margin, maxX + margin, maxY + margin];
    const scale = Math.min(Math.min(WIDTH, 900) / (maxX - minX), 700 / (maxY - minY));
    const canvas = el('canvas', {
      class: 'world',
      width: String(Math.ceil((maxX - minX) * scale)),
      height: String(Math.ceil((maxY - minY) * scale)),
      'data-world': world.name,
      'data-obstacles': String(world.obstacles.length),
      'data-models': String(world.models.length),
      'data-scans': String(world.scans.length),
      'data-contacts': String(world.contacts.length),
      'data-scale': String(scale),
      'data-min-x': String(minX),
      'data-max-y': String(maxY),
    });
    root.append(canvas);
    const ctx = canvas.getContext('2d');
    const px = (x) => (x - minX) * scale;
    const py = (y) => (maxY - y) * scale;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // A metre grid.
    ctx.strokeStyle = '#eee';
    ctx.lineWidth = 1;
    for (let x = Math.ceil(minX); x <= maxX; x++) {
      ctx.beginPath();
      ctx.moveTo(px(x), 0);
      ctx.lineTo(px(x), canvas.height);
      ctx.stroke();
    }
    for (let y = Math.ceil(minY); y <= maxY; y++) {
      ctx.beginPath();
      ctx.moveTo(0, py(y));
      ctx.lineTo(canvas.width, py(y));
      ctx.stroke();
    }
    const trace = (shape) => {
      ctx.beginPath();
      if (shape.circle) ctx.arc(px(shape.points[0]), py(shape.points[1]), shape.points[2] * scale, 0, 2 * Math.PI);
      else {
        for (let i = 0; i < shape.points.length; i += 2) {
          if (i === 0) ctx.moveTo(px(shape.points[i]), py(shape.points[i + 1]));
          else ctx.lineTo(px(shape.points[i]), py(shape.points[i + 1]));
        }
        ctx.closePath();
      }
    };
    for (const obstacle of world.obstacles) {
      trace(obstacle);
      if (obstacle.met) {
        ctx.fillStyle = '#555';
        ctx.fill();
        // A segment (a wall mesh's edge-on triangle) has no inside: its line is what shows.
        ctx.strokeStyle = '#555';
        ctx.stroke();
      } else {
        ctx.strokeStyle = '#aaa';
        ctx.stroke();
      }
    }
    world.scans.forEach((scan, i) => {
      ctx.fillStyle = scanColor(i);
      rays(scan, (x, y) => ctx.fillRect(px(x) - 1.5, py(y) - 1.5, 3, 3));
      ctx.beginPath();
      ctx.arc(px(scan.x), py(scan.y), 3, 0, 2 * Math.PI);
      ctx.fill();
    });
    world.models.forEach((model, i) => {
      const color = COLORS[i % COLORS.length];
      ctx.strokeStyle = color;
      ctx.lineWidth = 2;
      ctx.beginPath();
      for (let j = 0; j < model.path.length; j += 2) {
        if (j === 0) ctx.moveTo(px(model.path[j]), py(model.path[j + 1]));
        else ctx.lineTo(px(model.path[j]), py(model.path[j + 1]));
      }
      ctx.stroke();
      ctx.fillStyle = color;
      for (const shape of model.outline) {
        trace(shape);
        ctx.globalAlpha = 0.35;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.stroke();
      }
      // Its heading.
      ctx.beginPath();
      ctx.moveTo(px(model.x), py(model.y));
      ctx.lineTo(px(model.x) + 14 * Math.cos(model.yaw), py(model.y) - 14 * Math.sin(model.yaw));
      ctx.stroke();
      ctx.font = '12px sans-serif';
      ctx.fillText(model.name, px(model.x) + 8, py(model.y) - 10);
    });
    ctx.strokeStyle = '#d62728';
    ctx.lineWidth = 2;
    for (const contact of world.contacts) {
      const [x, y] = [px(contact.x), py(contact.y)];
      ctx.beginPath();
      ctx.moveTo(x - 5, y - 5);
      ctx.lineTo(x + 5, y + 5);
      ctx.moveTo(x - 5, y + 5);
      ctx.lineTo(x + 5, y - 5);
      ctx.stroke();
    }
    root.append(
      el(
        'p',
        { class: 'note' },
        `World '${world.name}' from above, a grid line every metre. Filled: obstacles at the heights the moving models span` +
          (world.band ? ` (${number(world.band[0])}–${number(world.band[1])} m)` : '') +
          `; outlined: the others. Paths: the true poses every ${seconds(world.pathPeriod)} of sim time. ` +
          'Crosses: contacts as they began. Dots: where the rays of each scan ended.',
      ),
    );
    if (world.models.length > 0) {
      root.append(el('h3', {}, 'Where the models ended'));
      root.append(
        table(
          ['model', 'x', 'y', 'yaw'],
          world.models.map((m) => [m.name, m.x.toFixed(4), m.y.toFixed(4), m.yaw.toFixed(4)]),
          [0],
        ),
      );
    }
    if (world.scans.length > 0 || world.scansMissing.length > 0) {
      root.append(el('h3', {}, 'Scans'));
      const swatch = (i) => el('span', { style: `color:${scanColor(i)}` }, '●');
      root.append(
        table(
          ['', 'at', 'published', 'topic', 'frame'],
          [
            ...world.scans.map((scan, i) => [swatch(i), seconds(scan.at), seconds(scan.time), scan.topic, scan.frame]),
            ...world.scansMissing.map((at) => ['', seconds(at), 'no scan', '', '']),
          ],
          [0, 3, 4],
        ),
      );
    }
    if (world.contacts.length > 0) {
      root.append(el('h3', {}, 'Contacts'));
      root.append(
        table(
          ['time', 'collision', 'touched', 'x', 'y'],
          world.contacts.map((c) => [seconds(c.time), c.collision, c.other, c.x.toFixed(3), c.y.toFixed(3)]),
          [1, 2],
        ),
      );
    }
  }

  document.body.dataset.ready = '1';
})();
