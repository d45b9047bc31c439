/**
 * Where a server-drawn page's take-over spends the main thread (issue 37): the page opened in Chromium with
 * the processor slowed 4× (as Lighthouse's mobile preset simulates a mid-range phone), a CPU profile from
 * navigation until the page answers input (`<html data-hydrated>`) and a little after, and the long tasks the
 * page itself observed. Used by `npm run bench:lighthouse -- --profile` and by the take-over test.
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import type { Page } from 'playwright-core';

/**
 * The machine's Lighthouse benchmark index, computed in `page` by Lighthouse's own function (about 1 s of
 * string and array work; Lighthouse prints it as `environment.benchmarkIndex`): the figure that says how fast
 * this machine runs a page's JavaScript, so that a timing can be read against the machine it was taken on.
 */
export async function benchmarkIndexOf(page: Page): Promise<number> {
  return page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`) as Promise<number>;
}

export interface TakeOverProfile {
  /** Long tasks (over 50 ms) from navigation until 1 s after the take-over, in the page's own clock. */
  longTasks: { start: number; duration: number }[];
  /** When the page answered input (`data-hydrated` set), ms after navigation. */
  hydratedAt: number;
  /** Self time by function (name, script, line), largest first. */
  functions: { name: string; script: string; line: number; ms: number }[];
  /** Self time by script, largest first ('(program)', '(garbage collector)' and '(idle)' as V8 names them). */
  scripts: { script: string; ms: number }[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** Opens `url` in `page` at 4× slower processing and profiles the take-over. */
export async function profileTakeOver(page: Page, url: string, cpuSlowdown = 4): Promise<TakeOverProfile> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset, undefined, {
    timeout: 60_000,
  });
  const hydratedAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1_000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const longTasks = await page.evaluate(
    () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const perFunction = new Map<string, { name: string; script: string; line: number; ms: number }>();
  const perScript = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const { functionName, url: scriptUrl, lineNumber } = node.callFrame;
    const script = scriptUrl ? (scriptUrl.split('/').pop() ?? scriptUrl) : `(${functionName || 'anonymous'})`;
    const key = `${functionName}@${script}:${lineNumber}`;
    const entry = perFunction.get(key) ?? {
      name: functionName || '(anonymous)',
      script,
      line: lineNumber + 1,
      ms: 0,
    };
    entry.ms += ms;
    perFunction.set(key, entry);
    perScript.set(script, (perScript.get(script) ?? 0) + ms);
  });
  return {
    longTasks,
    hydratedAt,
    functions: [...perFunction.values()].sort((a, b) => b.ms - a.ms),
    scripts: [...perScript].map(([script, ms]) => ({ script, ms })).sort((a, b) => b.ms - a.ms),
  };
}
