// Runs on LockIn's own pages only: relays what the page says (a session started or ended, a new
// credential) to the background and its answer back. Messages from any other window are ignored.
import { BRIDGE, type PageMessage } from '../src/shared/extension-bridge';

async function relay(message: { type: string; id?: string; token?: string }): Promise<void> {
  const reply = await chrome.runtime.sendMessage(message).catch(() => null);
  if (reply) window.postMessage(reply, location.origin);
}

window.addEventListener('message', (event: MessageEvent<PageMessage>) => {
  if (event.source !== window || event.origin !== location.origin) return;
  const data = event.data;
  if (data?.source !== BRIDGE.fromPage) return;
  if (data.type === 'connect') {
    if (typeof data.id === 'string' && typeof data.token === 'string')
      void relay({ type: 'connect', id: data.id, token: data.token });
  } else if (data.type === 'hello' || data.type === 'sync') void relay({ type: data.type });
});

void relay({ type: 'hello' });
