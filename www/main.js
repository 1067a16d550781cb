// The playground page's entry module: starts the engine worker and shows its state.

import { EngineClient } from './engine-client.js';

const status = document.getElementById('engine-status');

function showStatus(text, kind) {
  status.textContent = text;
  status.dataset.state = kind;
}

const engine = new EngineClient();
window.pnplayEngine = engine;

engine.addEventListener('fatal', (event) => showStatus(`engine error: ${event.detail}`, 'error'));
engine.addEventListener('died', (event) => {
  showStatus(`engine worker died (${event.detail}); restarted`, 'error');
  greet();
});

async function greet() {
  try {
    const hello = await engine.request('hello');
    showStatus(
      `engine ready — pnplay ${hello.version} · ${hello.games.length} games · ${hello.searches.length} searches`,
      'ready',
    );
    document.getElementById('engine-games').textContent = hello.games.map((g) => g.title).join(', ');
    document.getElementById('engine-searches').textContent = hello.searches.map((s) => s.title).join(', ');
  } catch (error) {
    showStatus(`engine error: ${error.message}`, 'error');
  }
}

greet();
