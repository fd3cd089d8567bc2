// What blocks the main thread in one Lighthouse audit of a page: the score and total blocking
// time, then every task of the renderer's main thread that took at least 10 ms in the page load
// Lighthouse traced, with its duration times 4 (the CPU slowdown Lighthouse's simulation applies,
// so a task over 50 ms there adds to TBT) and the trace events that make up most of it: script
// (the function a message, timer or event called, by file), microtasks, style, layout, paint.
// A diagnostic for issue 13, not a benchmark: it prints no ratio.
//
//   CHROME_PATH=/usr/bin/chromium node tasks.mjs URL

import { audit } from "./audit.mjs";

const url = process.argv[2];
if (!/^https?:/.test(url ?? "")) {
  console.error("usage: node tasks.mjs URL");
  process.exit(2);
}

const PARTS = new Set([
  "FunctionCall",
  "EvaluateScript",
  "v8.compileModule",
  "v8.evaluateModule",
  "RunMicrotasks",
  "TimerFire",
  "FireAnimationFrame",
  "EventDispatch",
  "ParseHTML",
  "ParseAuthorStyleSheet",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "Commit",
  "MajorGC",
  "MinorGC",
]);

function partName(event) {
  const data = event.args?.data ?? {};
  if (event.name === "FunctionCall" || event.name === "EvaluateScript") {
    return `${event.name} ${String(data.url ?? "")
      .split("/")
      .pop()} ${data.functionName ?? ""}`.trim();
  }
  if (event.name === "EventDispatch") return `EventDispatch ${data.type}`;
  return event.name;
}

const result = await audit(url);
const { lhr } = result;
const metric = (id) => lhr.audits[id].numericValue.toFixed(0);
console.log(
  `${url}  performance ${Math.round(lhr.categories.performance.score * 100)}  simulated: FCP ${metric("first-contentful-paint")} ms, TBT ${metric("total-blocking-time")} ms`,
);

// The page's main thread is the one that parsed its HTML.
const events = result.artifacts.Trace.traceEvents;
const parses = new Map();
for (const event of events) {
  if (event.name === "ParseHTML")
    parses.set(
      `${event.pid}:${event.tid}`,
      (parses.get(`${event.pid}:${event.tid}`) ?? 0) + 1,
    );
}
const [pid, tid] = [...parses.entries()]
  .sort((a, b) => b[1] - a[1])[0][0]
  .split(":")
  .map(Number);
const main = events.filter(
  (event) => event.pid === pid && event.tid === tid && event.ph === "X",
);
const paint = events.find(
  (event) => event.name === "firstContentfulPaint" && event.pid === pid,
);
const start = events
  .filter(
    (event) =>
      event.name === "navigationStart" &&
      event.pid === pid &&
      event.ts < paint.ts,
  )
  .pop();
console.log(
  `observed: FCP ${((paint.ts - start.ts) / 1000).toFixed(0)} ms; tasks of 10 ms or more, from navigation start:`,
);

for (const task of main.filter(
  (event) =>
    event.name === "RunTask" && event.dur >= 10_000 && event.ts >= start.ts,
)) {
  const sums = new Map();
  for (const event of main) {
    if (
      event === task ||
      !PARTS.has(event.name) ||
      event.ts < task.ts ||
      event.ts + event.dur > task.ts + task.dur
    )
      continue;
    sums.set(partName(event), (sums.get(partName(event)) ?? 0) + event.dur);
  }
  const parts = [...sums.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(1)}`)
    .join(", ");
  const at = ((task.ts - start.ts) / 1000).toFixed(0).padStart(6);
  const after = task.ts > paint.ts ? "after FCP " : "before FCP";
  console.log(
    `${at} ms  ${(task.dur / 1000).toFixed(1).padStart(6)} ms (x4 ${(task.dur / 250).toFixed(0).padStart(4)})  ${after}  ${parts}`,
  );
}
