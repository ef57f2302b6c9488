// The <sum-puzzle> element: the one player, used by the play page (`<sum-puzzle controls>`, with
// its menus and permalinks) and by any page that embeds a puzzle:
//
//   <script type="module" src="https://puzzles.example/sum-puzzle.js"></script>
//   <sum-puzzle genre="kakuro" shape="10x10" level="hard" seed="7"></sum-puzzle>
//
// (or `date="2026-12-03"`, or `date="today"` for the player's local date, instead of the seed;
// a genre alone plays a random puzzle of it; or `puzzle="kakuro:6x6:..."`, a puzzle by its ID). It draws in its own shadow root (the page's styles
// do not reach in, its own do not leak out), calls the service this script came from (or the
// same engine in the browser, WebAssembly in a same-origin worker: on a page of another origin
// it plays through the server), asks with `solution=false` (an embedded puzzle's answers are
// checked and hinted, never shipped) and needs no API key. It raises `started`, `checked` and
// `solved` (detail: the puzzle's id, the time in ms and s) on itself; they bubble and cross the
// shadow root. Its colours are CSS custom properties a page can set on it (docs/player.md).
//
// This entry module reads the service's list of the player's files (play-files.json, which the
// server writes from its board kinds: one module and one style sheet per kind), loads the
// player's classic scripts (CLASSIC: one global scope, one player per page), then imports each
// board kind's module (each adds its drawing to BOARD_KINDS), then starts the player in the
// element's shadow root.

// The service: where this script, the player's other files and the API are.
const base = new URL('/', import.meta.url);
const CLASSIC = ['play-engine.js', 'play-board.js', 'play-progress.js', 'play-game.js', 'play.js'];
// The player's own style sheet; each board kind's follows it.
const STYLE = 'play.css';
// The attributes that name a puzzle, as the play page's link names them.
const NAMING = ['genre', 'shape', 'level', 'seed', 'date', 'puzzle'];

const MARKUP = `<div class="player">
  <form id="controls" aria-label="New puzzle">
    <label>Genre
      <select id="genre" name="genre"></select>
    </label>
    <label>Shape
      <select id="shape" name="shape"></select>
    </label>
    <label>Level
      <select id="level" name="level"></select>
    </label>
    <label>Seed
      <input id="seed" name="seed" type="text" placeholder="random" inputmode="numeric" pattern="[0-9]{1,19}" autocomplete="off" spellcheck="false">
    </label>
    <button id="new" type="submit" disabled>New puzzle</button>
    <button id="daily" type="button" disabled>Daily puzzle</button>
    <button id="cancel" type="button" hidden>Cancel</button>
    <fieldset id="engine" aria-describedby="engine-note">
      <legend>Engine</legend>
      <label class="inline"><input type="radio" name="engine" id="engine-server" value="server" checked> server</label>
      <label class="inline"><input type="radio" name="engine" id="engine-browser" value="browser" disabled> in the browser</label>
      <span id="engine-note" data-state="loading">loading the browser engine…</span>
    </fieldset>
  </form>

  <div id="board">
    <section id="puzzle-area" aria-label="Puzzle">
      <div id="grid" aria-live="off"></div>
      <div id="pad" role="group" aria-label="Digit pad" hidden>
        <div id="pad-digits"></div>
        <button id="pad-erase" type="button" aria-label="erase">Erase</button>
        <button id="pad-pencil" type="button" aria-pressed="false">Pencil</button>
      </div>
      <p id="hint-text" aria-live="polite">Press Hint for the next deduction from your position.</p>
      <button id="hint-values" type="button" hidden>Say the sums' values</button>
      <div id="actions" role="group" aria-label="Actions">
        <button id="check" type="button" disabled>Check</button>
        <button id="hint" type="button" disabled>Hint</button>
        <button id="apply-hint" type="button" disabled>Apply hint</button>
        <button id="undo" type="button" disabled aria-keyshortcuts="Control+Z">Undo</button>
        <button id="redo" type="button" disabled aria-keyshortcuts="Control+Y">Redo</button>
        <button id="clear" type="button" disabled>Clear</button>
        <button id="reveal" type="button" disabled>Reveal solution</button>
        <label class="inline"><input id="finish" type="checkbox"> count blank cells as mistakes</label>
        <label class="inline" id="pencil-label"><input id="pencil" type="checkbox"> pencil marks (P)</label>
        <span id="timer" aria-label="Time spent" role="timer">0:00</span>
      </div>
      <p id="status" role="status" aria-live="polite" data-state="idle">Choose a genre, shape and level, then press New puzzle.</p>
      <ul id="violations" aria-label="Broken rules"></ul>
    </section>
    <aside id="side">
      <section id="about" aria-label="About this puzzle">
        <h2>Puzzle</h2>
        <dl id="info"></dl>
        <p id="link-line" hidden><a id="permalink" href="/">Link to this puzzle</a></p>
        <p id="solved-before" hidden></p>
        <p id="streak" hidden></p>
        <p id="print-line" hidden><button id="print-one" type="button">Print this puzzle</button>
          <button id="print-more" type="button">Print <span id="print-more-count">6</span> like this</button>
          <label class="inline">how many <input id="print-count" type="number" min="1" max="100" value="6"></label></p>
      </section>
      <section aria-label="Rating">
        <h2>Rating</h2>
        <p id="rating-level" class="level">–</p>
        <p id="rating-score" class="score"></p>
        <ul id="rating-techniques"></ul>
      </section>
      <section id="how" aria-label="How to play">
        <h2>How to play</h2>
        <p id="how-text"></p>
      </section>
    </aside>
  </div></div>`;

function classicScript(name) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL(name, base).href;
    script.async = false;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`could not load ${script.src}`));
    document.head.append(script);
  });
}

// The board kinds' files ({ kind, script, style } each; GET /genres `board` names the kind), as
// the service lists them.
async function boardKinds() {
  const response = await fetch(new URL('play-files.json', base));
  if (!response.ok) throw new Error(`could not load the player's file list: ${response.status}`);
  return (await response.json()).boards;
}

let loading = null;
// The player, once per page: `boards`, the board kinds' files, and `ready`, once its scripts
// and the board kinds' modules have run. The classic scripts start at once, beside the list (so
// that the page's load event still waits for them).
function loadPlayer() {
  loading ??= (() => {
    const classic = (async () => { for (const name of CLASSIC) await classicScript(name); })();
    const boards = boardKinds();
    const ready = Promise.all([classic, boards])
      .then(([, kinds]) => Promise.all(kinds.map((board) => import(new URL(board.script, base).href))));
    return { boards, ready };
  })();
  return loading;
}

class SumPuzzle extends HTMLElement {
  async connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    const { boards, ready } = loadPlayer();
    const styles = [STYLE, ...(await boards).map((board) => board.style)]
      .map((name) => `<link rel="stylesheet" href="${new URL(name, base).href}">`).join('');
    root.innerHTML = `${styles}${MARKUP}`;
    await ready;
    // `player` is play.js's (a classic script): one player per page, the first element's.
    if (player.host) {
      root.querySelector('#status').textContent = 'This page already has a puzzle: one <sum-puzzle> per page.';
      return;
    }
    const query = new URLSearchParams();
    for (const name of NAMING) {
      const value = this.getAttribute(name);
      // localDate is play-game.js's.
      if (value) query.set(name, name === 'date' && value === 'today' ? localDate() : value);
    }
    // startPlayer is play.js's (a classic script, loaded above).
    startPlayer(root, this, base, { embedded: !this.hasAttribute('controls'), query: query.toString() });
  }
}

customElements.define('sum-puzzle', SumPuzzle);
