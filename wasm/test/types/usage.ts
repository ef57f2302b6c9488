// Type-checked (`npm run typecheck`, strict), never run: every function of index.d.ts used as a
// caller would, so that a declaration that does not fit the package's JSON fails the check.

import {
  check,
  checkJson,
  daily,
  dailyJson,
  format,
  formatJson,
  generate,
  generateJson,
  genres,
  genresJson,
  hint,
  hintJson,
  init,
  initSync,
  rate,
  rateJson,
  render,
  solve,
  solveJson,
  type GenerateReport,
  type KakuroViolation,
  type ProblemError,
} from '../../index.js';

async function everything(bytes: Uint8Array): Promise<void> {
  await init();
  await init(new URL('https://example.invalid/sumpuzzles_bg.wasm'));
  initSync(bytes);
  const names: string[] = genres().map((genre) => `${genre.name} ${genre.default_shape} ${genre.board}`);
  const controls: string[] = genres().map((genre) => `${genre.controls} ${genre.digits} ${genre.pencil_marks}`);
  const text: string = genresJson();
  const report: GenerateReport = generate({ genre: 'kakuro', shape: '8x8', level: 'hard', seed: 7 });
  const seed: number = report.seed;
  // Absent when the request said `solution: false`.
  const rows: string[] = report.solution ?? [];
  const today: string = daily({ genre: 'kakuro', level: 'easy' }).date;
  const steps: number = report.stats.steps + report.rating.steps;
  const letters: Record<string, number> | undefined = report.letters;
  const cancelled = generate('{"genre":"kakurasu"}', { shouldStop: () => performance.now() > 1000 });
  const solved = solve({ id: report.id, limit: 5, budget: 1000 });
  const unique: boolean = solved.unique && solved.solutions[0].length > 0;
  const rated = rate({ genre: 'kakuro', puzzle: report.puzzle });
  const techniques: number = Object.values(rated.techniques).reduce((a, b) => a + b, 0);
  const checked = check({ text: report.text, answer: rows, finish: true });
  for (const violation of checked.violations) {
    const rule: string = violation.rule;
    // What every genre's violation carries: its kind, its words and its places.
    const shown: string = `${violation.kind} ${violation.message}`;
    const places: number[][] = [...violation.cells, ...violation.clues];
    console.log(shown, places.length);
    if ('sum' in violation && typeof violation.sum === 'number') {
      const kakuro = violation as KakuroViolation;
      console.log(kakuro.row, kakuro.col);
    }
    console.log(rule);
  }
  const hinted = hint({ id: report.id, answer: rows.map((row) => row.replace(/\d/g, '.')) });
  const explanation: string = hinted.explanation + hinted.kind + hinted.steps;
  const svg: string = render({ id: report.id, solution: true });
  const forms = format({ id: report.id });
  const url: string | undefined = forms.url;
  const json: string[] = [
    generateJson('{"genre":"kakuro"}'),
    dailyJson('{"genre":"kakuro"}'),
    solveJson('{}', { shouldStop: () => false }),
    rateJson('{}'),
    hintJson('{}'),
    checkJson('{}'),
    formatJson('{}'),
  ];
  try {
    solve('{}');
  } catch (error) {
    const problem = error as ProblemError;
    const status: number = problem.status + problem.problem.status;
    const where: string[] | undefined = problem.problems?.map((item) => `${item.at.kind} ${item.message}`);
    console.log(status, where, problem.type, problem.title, problem.detail, problem.message);
  }
  console.log(names, controls, text, seed, steps, letters, cancelled, unique, techniques, explanation, svg, url, json, today);
}

console.log(everything);
