// The extension pages' HTML, written at build time with the words from src/shared (the scripts
// fill in only what changes: the session, the time left, the status).
import { EXTENSION_COPY as COPY } from '../../src/shared/extension-copy';
import { escapeHtml as esc } from '../../src/server/integrations/mail';

function page(title: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${esc(title)}</title>
    <link rel="stylesheet" href="style.css" />
  </head>
  <body>
    <main>
${body}
    </main>
    <script src="${script}"></script>
  </body>
</html>
`;
}

export const lockedPageHtml = () =>
  page(
    `${COPY.lockedTitle} · LockIn`,
    `      <p class="mark"><img src="../icons/icon-192.png" alt="" width="40" height="40" /><span>LockIn</span></p>
      <h1>${esc(COPY.lockedTitle)}</h1>
      <p id="intro" class="muted">${esc(COPY.lockedIntroNoSite)}</p>
      <section class="panel" id="session" aria-labelledby="task">
        <p id="task" class="task"></p>
        <p id="goal" class="goal muted"></p>
        <p class="label" id="time-left-label">${esc(COPY.timeLeft)}</p>
        <p id="countdown" class="countdown" role="timer" aria-labelledby="time-left-label"></p>
        <p id="minute" class="sr-only" aria-live="polite"></p>
      </section>
      <p id="over" role="status" hidden>${esc(COPY.over)}</p>
      <div class="actions">
        <a id="back" class="button" href="#">${esc(COPY.backToWork)}</a>
        <a id="quit" class="button outline" href="#">${esc(COPY.quit)}</a>
        <a id="go" class="button outline" href="#" hidden></a>
      </div>
      <p id="quit-note" class="note muted">${esc(COPY.quitNote)}</p>`,
    'locked.js',
  );

export const optionsPageHtml = () =>
  page(
    COPY.optionsTitle,
    `      <p class="mark"><img src="../icons/icon-192.png" alt="" width="32" height="32" /><span>LockIn</span></p>
      <h1>${esc(COPY.optionsTitle)}</h1>
      <p id="status" role="status"></p>
      <p id="session" class="muted"></p>
      <p><a id="open" class="button outline" href="#">${esc(COPY.openLockIn)}</a></p>
      <div id="pages" class="panel" hidden>
        <p id="pages-text" class="note"></p>
        <button id="allow" class="button" type="button">${esc(COPY.allowPages)}</button>
      </div>
      <form id="form" class="panel" novalidate>
        <label for="app-url">${esc(COPY.appUrlLabel)}</label>
        <input id="app-url" name="appUrl" type="url" inputmode="url" autocomplete="url" aria-describedby="app-url-help app-url-error" />
        <p id="app-url-help" class="note muted">${esc(COPY.appUrlHelp)}</p>
        <p id="app-url-error" class="error" role="alert"></p>
        <div class="actions"><button class="button" type="submit">${esc(COPY.save)}</button></div>
      </form>
      <p class="note muted">${esc(COPY.sees)}</p>`,
    'options.js',
  );
