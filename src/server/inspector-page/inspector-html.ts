/**
 * The inspector's one document. It holds no data (the script fetches it, with the token when one is needed), so it is
 * served to anyone who may reach the server; its script and style are separate files so that the page's policy can
 * forbid every inline script and style.
 */
export const INSPECTOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>memstack inspector</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="app.css">
</head>
<body>
<header>
  <strong>memstack inspector</strong>
  <nav>
    <a href="#/sessions" data-nav="/sessions" data-testid="nav-sessions">Sessions</a>
    <a href="#/facts" data-nav="/facts" data-testid="nav-facts">Facts</a>
    <a href="#/jobs" data-nav="/jobs" data-testid="nav-jobs">Jobs</a>
  </nav>
  <button type="button" id="forget-token" data-testid="forget-token" hidden>Forget the token</button>
</header>
<div id="notice" class="notice" role="status" data-testid="notice" hidden></div>
<div id="error" class="error" role="alert" data-testid="error" hidden></div>
<main id="main" data-testid="main"><p class="muted">Loading…</p></main>
<dialog id="token-dialog" data-testid="token-dialog">
  <form id="token-form">
    <h3>Token</h3>
    <p>This server needs its token (<code>--token</code> or <code>MEMSTACK_PROXY_TOKEN</code>). It is kept in this
    tab only (session storage) and sent as the <code>x-memstack-token</code> header.</p>
    <p id="token-wrong" class="error-text" hidden>That token was refused.</p>
    <input id="token-input" type="password" autocomplete="off" required data-testid="token-input" aria-label="token">
    <menu>
      <button type="submit" data-testid="token-submit">Use this token</button>
      <button type="button" id="token-cancel">Cancel</button>
    </menu>
  </form>
</dialog>
<dialog id="confirm-dialog" data-testid="confirm-dialog">
  <form id="confirm-form">
    <h3 id="confirm-title"></h3>
    <p id="confirm-message"></p>
    <label id="confirm-label" hidden>Type <code id="confirm-expected"></code> to confirm:
      <input id="confirm-input" autocomplete="off" data-testid="confirm-input">
    </label>
    <menu>
      <button type="submit" id="confirm-ok" class="danger" data-testid="confirm-ok">Confirm</button>
      <button type="button" id="confirm-cancel" data-testid="confirm-cancel">Cancel</button>
    </menu>
  </form>
</dialog>
<script src="app.js"></script>
</body>
</html>
`;
