// ops/alerts.yml and ops/dashboard.json against what GET /metrics exposes: every metric they name
// must be exposed, and every label they select, group by or print must be one of its labels (or a
// label Prometheus adds to every series: `instance`, `job`). tests/ops/operations.test.mjs scrapes a
// production server and calls `driftOf`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/** Series names Prometheus makes itself, and the labels it adds to every scraped series. */
const prometheusOwn = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);
const targetLabels = new Set(['instance', 'job']);
/** Our metrics and the default process metrics of prom-client. */
const metricName = /\b((?:colibri|process|nodejs)_[a-zA-Z0-9_]+|up)\b/g;

/** `{ name → label names }` from the Prometheus text format (histograms: `_bucket` has `le`). */
export function exposedMetrics(text) {
  const exposed = new Map();
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s/.exec(line);
    if (!sample) continue;
    const labels = exposed.get(sample[1]) ?? new Set();
    for (const [, name] of (sample[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)) labels.add(name);
    exposed.set(sample[1], labels);
  }
  return exposed;
}

/** Each PromQL expression of the two files, with where it is and the labels its texts print. */
export function expressionsOf(root) {
  const rules = yaml.load(readFileSync(path.join(root, 'ops', 'alerts.yml'), 'utf8'));
  const found = [];
  for (const group of rules.groups)
    for (const rule of group.rules)
      found.push({
        where: `alerts.yml ${rule.alert}`,
        expr: rule.expr,
        printed: [...JSON.stringify(rule.annotations ?? {}).matchAll(/\$labels\.(\w+)/g)].map((m) => m[1]),
      });
  const dashboard = JSON.parse(readFileSync(path.join(root, 'ops', 'dashboard.json'), 'utf8'));
  for (const panel of dashboard.panels)
    for (const target of panel.targets ?? [])
      found.push({
        where: `dashboard.json "${panel.title}"`,
        expr: target.expr,
        printed: [...(target.legendFormat ?? '').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]),
      });
  for (const variable of dashboard.templating?.list ?? [])
    if (variable.type === 'query') {
      const query = typeof variable.query === 'string' ? variable.query : variable.query.query;
      const [, metric, label] = /label_values\((\w+),\s*(\w+)\)/.exec(query) ?? [];
      found.push({ where: `dashboard.json variable ${variable.name}`, expr: `${metric}{${label}=~".*"}`, printed: [] });
    }
  return found;
}

/** What an expression names: its metrics with the labels each selects, and the labels it groups by. */
export function namesIn(expr) {
  const text = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const metrics = [];
  for (const m of text.matchAll(metricName)) {
    const after = text.slice(m.index + m[0].length);
    if (/^\s*\(/.test(after)) continue; // a function
    const selector = /^\{([^}]*)\}/.exec(after)?.[1] ?? '';
    metrics.push({ name: m[1], labels: [...selector.matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]) });
  }
  const grouped = [...text.matchAll(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g)].flatMap(
    (g) =>
      g[1]
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
  );
  return { metrics, grouped };
}

/** Each way the two files drifted from `exposed` (exposedMetrics); none when they match. */
export function driftOf(root, exposed) {
  const problems = [];
  for (const { where, expr, printed } of expressionsOf(root)) {
    const { metrics, grouped } = namesIn(expr);
    if (!metrics.length) problems.push(`${where}: names no metric`);
    const known = new Set(targetLabels);
    for (const { name, labels } of metrics) {
      if (prometheusOwn.has(name)) continue;
      const has = exposed.get(name);
      if (!has) {
        problems.push(`${where}: ${name} is not exposed by /metrics`);
        continue;
      }
      for (const label of has) known.add(label);
      for (const label of labels)
        if (!has.has(label) && !targetLabels.has(label)) problems.push(`${where}: ${name} has no label ${label}`);
    }
    for (const label of [...grouped, ...printed])
      if (!known.has(label)) problems.push(`${where}: no metric it reads has the label ${label}`);
  }
  return problems;
}
