// Lighthouse's mobile performance audit (its default: a Moto G Power-sized screen, simulated slow
// 4G and a 4x slower CPU) of each page given, in a fresh headless Chromium per run (no cookies, so
// a first visit with its consent box). Each page is audited `runs` times and the median run by
// performance score is reported, as Lighthouse's own guidance on variance advises.
//
//   node run.mjs --runs 3 [--verbose] URL...
// Prints one line per page; with --json a JSON array instead.

import { audit } from './audit.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Math.max(1, Number(args[runsAt + 1])) : 3;
const verbose = args.includes('--verbose');
const json = args.includes('--json');
const urls = args.filter((arg, i) => /^https?:/.test(arg) && args[i - 1] !== '--runs');
if (urls.length === 0) {
  console.error('usage: node run.mjs [--runs N] [--verbose] [--json] URL...');
  process.exit(2);
}

function summarise(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
    score: item.score,
    node: item.node?.snippet ?? item.node?.selector ?? '?',
  }));
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((item) => ({
    url: item.url,
    startTime: Math.round(item.startTime),
    duration: Math.round(item.duration),
  }));
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    scriptTransfer: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    scriptCount: scripts.length,
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    shifts,
    longTasks,
    warnings: lhr.runWarnings ?? [],
    // An audit that failed (no paint seen, the page did not load) has no score: it counts as 0,
    // and this says why.
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
  };
}

/** One audit's figures as the output lines give them. */
function timings(run) {
  return (
    `FCP ${(run.fcp / 1000).toFixed(2)} s  LCP ${(run.lcp / 1000).toFixed(2)} s  TBT ${Math.round(run.tbt)} ms  ` +
    `CLS ${run.cls.toFixed(3)}  SI ${(run.si / 1000).toFixed(2)} s`
  );
}

const results = [];
for (const url of urls) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    let run = summarise((await audit(url)).lhr);
    // NO_NAVSTART is Lighthouse losing its own trace, not the page failing: audited once more.
    if (run.error?.startsWith('NO_NAVSTART')) run = summarise((await audit(url)).lhr);
    all.push(run);
  }
  all.sort((a, b) => a.score - b.score);
  const median = all[Math.floor(all.length / 2)];
  const errors = all.map((run) => run.error).filter(Boolean);
  // The runs under the median, each with what it lost on, so that an outlier is not only a number.
  const below = all.filter((run) => run.score < median.score);
  results.push({ url, runs: all.map((run) => run.score), errors, below, ...median });
}

if (json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const r of results) {
    const path = new URL(r.url).pathname;
    console.log(
      `  ${path.padEnd(48)} performance ${String(r.score).padStart(3)} (runs ${r.runs.join(', ')})  ` +
        `${timings(r)}  scripts ${r.scriptCount}, ${r.scriptTransfer} B transferred`,
    );
    for (const error of r.errors) console.log(`      a run failed: ${error}`);
    for (const run of r.below) {
      const shifts = run.shifts.map((shift) => `${shift.score.toFixed(3)} ${shift.node.slice(0, 80)}`);
      console.log(`      a run of ${run.score}: ${timings(run)}${shifts.length ? `  shifts: ${shifts.join('; ')}` : ''}`);
    }
    if (verbose) {
      if (r.lcpElement) console.log(`      LCP element: ${r.lcpElement}`);
      for (const shift of r.shifts) console.log(`      layout shift ${shift.score.toFixed(3)}: ${shift.node}`);
      for (const task of r.longTasks) console.log(`      long task ${task.duration} ms at ${task.startTime} ms: ${task.url}`);
      for (const warning of r.warnings) console.log(`      warning: ${warning}`);
    }
  }
}
