// The embed example's own script: what a host page does with the element's events. Each event
// bubbles from the <sum-puzzle> element, its `detail` says which puzzle (and, once solved, the
// time in milliseconds and seconds).
const list = document.getElementById('events');

function said(text) {
  const item = document.createElement('li');
  item.textContent = text;
  list.append(item);
}

document.addEventListener('started', (event) => {
  said(`started: ${event.detail.genre} ${event.detail.shape} (${event.detail.level}), ${event.detail.id}`);
});
document.addEventListener('checked', (event) => {
  said(event.detail.solved ? 'checked: solved' : `checked: ${event.detail.violations} broken rule(s)`);
});
document.addEventListener('solved', (event) => {
  said(`solved in ${event.detail.seconds} s`);
  const banner = document.getElementById('solved-banner');
  banner.textContent = `Well done: solved in ${event.detail.seconds} seconds.`;
  banner.dataset.seconds = String(event.detail.seconds);
  banner.hidden = false;
});
