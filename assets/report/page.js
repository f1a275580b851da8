// What the pages of rclsim's HTML files share (a run's report, a sweep's summary): elements,
// tables, number formats and uPlot charts appended to the page's root.
// biome-ignore lint/correctness/noUnusedVariables: a classic script's global, used by report.js and the sweep summary's script
function rclsimPage(root) {
  'use strict';
  const WIDTH = Math.min(1220, window.innerWidth - 60);
  const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    for (const child of children) node.append(child instanceof Node ? child : String(child));
    return node;
  }
  function section(title) {
    root.append(el('h2', {}, title));
  }
  function seconds(s) {
    if (s === null || s === undefined || Number.isNaN(s)) return '–';
    const a = Math.abs(s);
    if (a === 0) return '0';
    if (a < 1e-6) return `${(s * 1e9).toFixed(0)} ns`;
    if (a < 1e-3) return `${(s * 1e6).toFixed(1)} µs`;
    if (a < 1) return `${(s * 1e3).toFixed(2)} ms`;
    return `${s.toFixed(3)} s`;
  }
  function number(n) {
    return typeof n === 'number' ? n.toLocaleString('en-US', { maximumFractionDigits: 3 }) : String(n);
  }
  function table(headers, rows, textColumns) {
    const text = new Set(textColumns || [0]);
    const head = el('tr', {}, ...headers.map((h, i) => el('th', text.has(i) ? { class: 'text' } : {}, h)));
    const body = rows.map((row) => el('tr', {}, ...row.map((cell, i) => el('td', text.has(i) ? { class: 'text' } : {}, cell))));
    return el('div', { class: 'scroll' }, el('table', {}, head, ...body));
  }
  /** A uPlot chart in a .plot box that says how many points it drew (data-points). */
  function plot(title, opts, plotData, points) {
    const box = el('div', { class: 'plot', 'data-title': title, 'data-points': String(points) });
    root.append(box);
    const chart = new uPlot(Object.assign({ title, width: WIDTH, height: 260 }, opts), plotData, box);
    box.dataset.rendered = chart.ctx ? '1' : '0';
    return chart;
  }
  function seriesOpts(names, extra) {
    return [
      {},
      ...names.map((name, i) => Object.assign({ label: name, stroke: COLORS[i % COLORS.length], width: 1.5, spanGaps: false }, extra ? extra(i) : {})),
    ];
  }
  return { el, section, seconds, number, table, plot, seriesOpts, COLORS, WIDTH };
}
