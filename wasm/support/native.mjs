// The native binary beside the package: the server the comparison starts, and the command
// line's `format` (an operation with no HTTP endpoint).

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

/** `sumpuzzles format --genre GENRE` of a puzzle's text: the JSON it prints, parsed. */
export function nativeFormat(input, genre) {
  requireNative();
  const run = spawnSync(NATIVE_BIN, ['format', '--genre', genre], {
    input,
    encoding: 'utf8',
    env: { ...process.env, RUST_BACKTRACE: '0' },
  });
  if (run.status !== 0) throw new Error(`sumpuzzles format: exit ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** A generation report's JSON text without what measures time: the rest must be identical. */
export function timeless(text) {
  return text.replace(/"elapsed_ms":\d+/, '"elapsed_ms":0');
}
