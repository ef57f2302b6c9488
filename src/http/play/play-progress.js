// The play page's progress: the time spent on the puzzle shown, the positions played (undo and
// redo), and what the browser keeps: the game being played (a reload resumes it), the puzzles
// solved and the daily streak. A classic script of the player (see play.js for the order the
// element loads them in), using the state play.js holds when called.
'use strict';

// ---- The timer: the time spent on the puzzle shown, stopped when it is solved ------------------

// The timer: when the puzzle was shown, and the interval that shows the time spent.
const timer = { started: 0, interval: null };

// The timer from `elapsed` milliseconds already spent (a resumed puzzle's).
function startTimer(elapsed = 0) {
  stopTimer();
  delete $('timer').dataset.stopped;
  timer.started = Date.now() - elapsed;
  showTime(elapsed);
  timer.interval = setInterval(() => { showTime(Date.now() - timer.started); save(); }, 1000);
}

function showTime(elapsed) {
  const seconds = Math.floor(elapsed / 1000);
  $('timer').textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function stopTimer() {
  if (timer.interval !== null) clearInterval(timer.interval);
  timer.interval = null;
}

// ---- The position: undo and redo, kept in the browser -----------------------------------------

// Undo and redo: the positions played (answer rows and notes, as JSON), the last one shown,
// and the ones undone.
const history = { past: [], future: [] };
// Where the browser keeps the puzzle being played, so that a reload resumes it.
// (An embedded puzzle is kept under a key of its own: savedKey.)
const SAVED = 'sumpuzzles.play';

function savedKey() {
  return player.options.embedded ? `${SAVED}.embed.${player.options.query}` : SAVED;
}

// The position shown: the answer rows and the notes, as JSON.
function position() {
  const noted = Object.fromEntries([...notes].map(([key, digits]) => [key, [...digits].join('')]));
  return JSON.stringify({ answer: answer(), notes: noted });
}

// Shows a position, as position() spelled it.
function restore(text) {
  const { answer: rows, notes: noted } = JSON.parse(text);
  rows.forEach((row, r) => [...row].forEach((mark, c) => setCell(r, c, mark)));
  for (const key of [...notes.keys()]) {
    const [r, c] = key.split(',').map(Number);
    setNotes(r, c, []);
  }
  for (const [key, digits] of Object.entries(noted)) {
    const [r, c] = key.split(',').map(Number);
    setNotes(r, c, [...digits]);
  }
}

// A new position after the player's move, unless it is the one shown.
function recordPosition() {
  if (!game) return;
  const now = position();
  if (history.past[history.past.length - 1] === now) return;
  history.past.push(now);
  history.future = [];
  undoButtons();
  save();
}

function undo() {
  if (!game || history.past.length < 2) return;
  history.future.push(history.past.pop());
  moved();
}

function redo() {
  if (!game || history.future.length === 0) return;
  history.past.push(history.future.pop());
  moved();
}

function moved() {
  restore(history.past[history.past.length - 1]);
  marksChanged();
  undoButtons();
  save();
}

function undoButtons() {
  $('undo').disabled = !game || history.past.length < 2;
  $('redo').disabled = !game || history.future.length === 0;
}

// Keeps the puzzle, its position and its time in the browser (a full or private storage only
// loses the resume).
function save() {
  if (!game) return;
  const elapsed = game.solvedIn ?? Date.now() - timer.started;
  const kept = { data: game.data, seed: game.seed, madeIn: game.madeIn, level: game.level,
    position: history.past[history.past.length - 1], elapsed, solved: game.solvedIn !== undefined };
  try { localStorage.setItem(savedKey(), JSON.stringify(kept)); } catch (_) { /* no storage */ }
}

// The puzzle kept in the browser, when its genre is still served and `link` (the address's
// query) opens no other puzzle.
function savedGame(link) {
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(savedKey())); } catch (_) { return null; }
  if (!kept || !kept.data || !genres.has(kept.data.genre)) return null;
  if (link.toString() === '') return kept;
  const same = link.get('puzzle') === kept.data.id || (link.get('genre') === kept.data.genre && link.get('shape') === kept.data.shape
    && (link.get('seed') === kept.seed || (kept.data.date && link.get('date') === kept.data.date)));
  return same ? kept : null;
}

// Resumes a kept puzzle: its menus, position and time.
function resume(kept) {
  $('genre').value = kept.data.genre;
  genreChanged(kept.data.shape);
  if ([...$('level').options].some((o) => o.value === kept.level)) $('level').value = kept.level;
  show(kept);
  restore(kept.position);
  history.past = [kept.position];
  if (kept.solved) {
    game.solvedIn = kept.elapsed;
    showTime(kept.elapsed);
    solved('Solved! Every rule holds.');
  } else {
    startTimer(kept.elapsed);
    const level = kept.data.rating.level ? `${levelWords(kept.data.rating.level)} ` : '';
    setStatus(`Resumed: the ${level}${game.genre.title} ${kept.data.shape}.`, 'playing');
  }
  busy(false);
}

// ---- The record: puzzles solved, and the daily streak, kept in the browser ----------------------

// Where the browser keeps them: { solved: { id: { on: date, ms } }, dailies: [dates] }, the
// dailies being the daily puzzles' dates solved on their own date (the player's local date).
const RECORD = 'sumpuzzles.record';
// The solved puzzles kept: the oldest go first.
const RECORD_SOLVED = 500;

function record() {
  try {
    const kept = JSON.parse(localStorage.getItem(RECORD));
    if (kept && typeof kept.solved === 'object' && Array.isArray(kept.dailies)) return kept;
  } catch (_) { /* no storage, or not ours */ }
  return { solved: {}, dailies: [] };
}

// A puzzle solved in `ms`: remembered, and a daily puzzle solved on its own date kept for the
// streak.
function remember(data, ms) {
  const kept = record();
  const today = localDate();
  if (!kept.solved[data.id]) kept.solved[data.id] = { on: today, ms };
  const ids = Object.keys(kept.solved);
  for (const id of ids.slice(0, Math.max(0, ids.length - RECORD_SOLVED))) delete kept.solved[id];
  if (data.date === today && !kept.dailies.includes(today)) kept.dailies = [...kept.dailies, today].slice(-400);
  try { localStorage.setItem(RECORD, JSON.stringify(kept)); } catch (_) { /* no storage */ }
  showRecord(data);
}

// The date `days` before YYYY-MM-DD, as YYYY-MM-DD (calendar days, whatever the clock's zone).
function daysBefore(date, days) {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d - days));
  return day.toISOString().slice(0, 10);
}

// The days in a row, up to today, on which the day's daily puzzle was solved; a streak whose
// last day is yesterday still counts (today's is not solved yet).
function dailyStreak(dailies) {
  const solved = new Set(dailies);
  const today = localDate();
  let day = solved.has(today) ? today : daysBefore(today, 1);
  let streak = 0;
  while (solved.has(day)) {
    streak += 1;
    day = daysBefore(day, 1);
  }
  return streak;
}

// Whether this puzzle was solved before (when, in what time), and the daily streak.
function showRecord(data) {
  const kept = record();
  const before = kept.solved[data.id];
  const time = before ? `${Math.floor(before.ms / 60000)}:${String(Math.floor(before.ms / 1000) % 60).padStart(2, '0')}` : '';
  $('solved-before').textContent = before ? `You solved this puzzle on ${before.on} in ${time}.` : '';
  $('solved-before').hidden = !before;
  const streak = dailyStreak(kept.dailies);
  $('streak').textContent = streak ? `Daily streak: ${streak} day${streak === 1 ? '' : 's'} in a row.` : '';
  $('streak').hidden = streak === 0;
}
