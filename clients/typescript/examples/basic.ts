// Generate a puzzle, check an answer, draw the board: the README's example, run by CI.
//
//     node dist/examples/basic.js http://127.0.0.1:8080
import { client } from '../src/client.gen';
import { check, generatePost, render } from '../src/index';

async function main(baseUrl: string): Promise<void> {
  client.setConfig({ baseUrl });
  // The same genre, shape, level and seed give the same puzzle on every machine.
  const { data: puzzle, error } = await generatePost({ query: { genre: 'kakuro', shape: '8x8', level: 'medium', seed: 7 } });
  if (!puzzle) throw new Error(`generate failed: ${JSON.stringify(error)}`);
  console.log(puzzle.id, puzzle.level, puzzle.score);

  // A player's answer: here the solution with its first digit changed, so one rule breaks.
  const answer = [...(puzzle.solution ?? [])];
  const row = answer.findIndex((line) => /[1-9]/.test(line));
  const line = answer[row] ?? '';
  const col = line.search(/[1-9]/);
  answer[row] = line.slice(0, col) + String((Number(line[col]) % 9) + 1) + line.slice(col + 1);
  const { data: report } = await check({ body: { id: puzzle.id, answer } });
  for (const violation of report?.violations ?? []) console.log('broken:', violation.message);

  const { data: drawing } = await render({ body: { id: puzzle.id } });
  const svg = typeof drawing === 'object' && drawing !== null && 'svg' in drawing ? drawing.svg : '';
  console.log(svg.length, 'characters of SVG');
  if (!report || report.violations.length === 0 || !svg.startsWith('<svg')) process.exitCode = 1;
}

main(process.argv[2] ?? 'http://127.0.0.1:8080').catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
