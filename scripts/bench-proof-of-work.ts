/**
 * npm run bench:pow — how long the registration form's proof of work takes on a mid-range phone, by difficulty.
 * Runs the browser's own solver (src/client/features/registrations/nonce-search.ts, bundled as is) in Debian's
 * Chromium with the CPU slowed 4× through the DevTools protocol (Lighthouse's mid-range phone setting), on
 * fresh random challenges, and prints the median solve time per number of leading zero bits. Bits above
 * --measure-up-to are estimated from the measured hash rate (the median of a geometric search is about
 * ln 2 × 2^bits hashes). The admin page shows these figures (POW_SOLVE_TIMES in src/contracts/bot-protection-admin.ts).
 * Options: --samples <n> (default 15), --measure-up-to <bits> (default 18), --rate <throttle> (default 4).
 */
import { build } from 'esbuild';
import { chromium } from 'playwright';
import { POW_BITS_MAX, POW_BITS_MIN } from '../src/contracts/bot-protection';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}
const samples = option('samples', 15);
const measureUpTo = option('measure-up-to', 18);
const throttle = option('rate', 4);

const bundle = await build({
  stdin: {
    contents:
      "import { searchNonce } from './src/client/features/registrations/nonce-search';\nwindow.searchNonce = searchNonce;",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
  target: 'es2022',
});
const solver = bundle.outputFiles[0]!.text;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage();
// An https page is a secure context (Web Crypto); it is served here, nothing leaves the machine.
await page.route('https://bench.invalid/**', (route) =>
  route.fulfill({ contentType: 'text/html', body: `<!doctype html><script>${solver}</script>` }),
);
await page.goto('https://bench.invalid/');
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const rows: { bits: number; medianMs: number; isEstimate: boolean }[] = [];
let hashes = 0;
let millis = 0;
for (let bits = POW_BITS_MIN; bits <= Math.min(measureUpTo, POW_BITS_MAX); bits += 1) {
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const challenge = `pow1.${Math.random().toString(36).slice(2)}.${Date.now()}.${bits}.bench`;
    const { ms, nonce } = await page.evaluate(
      async ([text, difficulty]) => {
        const started = performance.now();
        const found = await (
          window as unknown as { searchNonce: (c: string, b: number) => Promise<string> }
        ).searchNonce(text as string, difficulty as number);
        return { ms: performance.now() - started, nonce: Number(found) };
      },
      [challenge, bits] as const,
    );
    times.push(ms);
    hashes += nonce + 1;
    millis += ms;
  }
  rows.push({ bits, medianMs: Math.round(median(times)), isEstimate: false });
  console.error(`${bits} bits: median ${Math.round(median(times))} ms over ${samples} challenges`);
}
const hashesPerMs = hashes / millis;
for (let bits = Math.min(measureUpTo, POW_BITS_MAX) + 1; bits <= POW_BITS_MAX; bits += 1) {
  rows.push({ bits, medianMs: Math.round((Math.LN2 * 2 ** bits) / hashesPerMs), isEstimate: true });
}
await browser.close();

console.log(`Chromium, CPU throttled ${throttle}×, ${samples} challenges per measured row`);
console.log(`hash rate: ${Math.round(hashesPerMs * 1000).toLocaleString('en')} hashes/s`);
console.log('| bits | median solve time | |');
console.log('|---:|---:|---|');
for (const row of rows) {
  console.log(
    `| ${row.bits} | ${row.medianMs.toLocaleString('en')} ms | ${row.isEstimate ? 'estimated' : 'measured'} |`,
  );
}
console.log(JSON.stringify(Object.fromEntries(rows.map(({ bits, ...rest }) => [bits, rest]))));
