// The native command line beside the package: what the WebAssembly build must match.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The native binary: $SUMPUZZLES_BIN, or the repository's release build. */
export const NATIVE_BIN =
  process.env.SUMPUZZLES_BIN ??
  fileURLToPath(new URL('../../target/release/sumpuzzles', import.meta.url));

export function requireNative() {
  if (!existsSync(NATIVE_BIN)) {
    throw new Error(
      `no native binary at ${NATIVE_BIN}: run \`cargo build --release\` at the repository root ` +
        'or set SUMPUZZLES_BIN',
    );
  }
}

/**
 * `sumpuzzles generate` with these parameters: `{ report }` (the parsed JSON it prints) or
 * `{ error }` (the message of a failure).
 */
export function nativeGenerate({ genre, shape, level, seed, budget }) {
  const args = ['generate', '--genre', genre, '--shape', shape, '--level', level];
  args.push('--seed', String(seed), '--budget', String(budget));
  const run = spawnSync(NATIVE_BIN, args, {
    encoding: 'utf8',
    env: { ...process.env, RUST_BACKTRACE: '0' },
    maxBuffer: 64 << 20,
  });
  if (run.status === 0) {
    return { report: JSON.parse(run.stdout) };
  }
  const message = run.stderr.split('\n')[0];
  if (run.status !== 1 || !message.startsWith('Error: ')) {
    throw new Error(`${args.join(' ')}: exit ${run.status}, stderr ${run.stderr}`);
  }
  return { error: message.slice('Error: '.length) };
}

/** A report without what measures time: all the rest must be identical. */
export function timeless(report) {
  const { elapsed_ms: _, ...stats } = report.stats;
  return JSON.stringify({ ...report, stats });
}
