/** The inspector page's style: system fonts, no web font, no image. */
export const INSPECTOR_STYLE = `
:root { color-scheme: light dark; --muted: #777; --line: #8884; --accent: #2563eb; --cache: #d97706; --danger: #b91c1c; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; }
header { display: flex; flex-wrap: wrap; gap: .5em 1.5em; align-items: center; padding: .6em 1em; border-bottom: 1px solid var(--line); }
header nav a { margin-right: 1em; text-decoration: none; }
header nav a.current { font-weight: bold; text-decoration: underline; }
header button { margin-left: auto; }
main { padding: 1em; overflow-wrap: anywhere; }
h2 { margin: .2em 0 .6em; font-size: 1.2em; overflow-wrap: anywhere; }
h3 { margin: 1.2em 0 .4em; font-size: 1em; }
table { border-collapse: collapse; width: 100%; overflow-wrap: normal; }
th, td { text-align: left; vertical-align: top; padding: .3em .5em; border-bottom: 1px solid var(--line); }
th { font-weight: 600; white-space: nowrap; }
td.number { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: .3em 0; padding: .5em; background: #8881; max-height: 30em; overflow: auto; }
td.date { white-space: nowrap; }
/* Stored text and ids: an unbroken run (a 4,096-character id, a URL, a CJK run) wraps rather than widening its table. */
.clip, .cell-text, td bdi { overflow-wrap: anywhere; }
.key .separator { color: var(--muted); white-space: pre; }
.rank { white-space: nowrap; }
/* A letter under hundreds of combining marks draws far above its line: a cell or a block of stored text shown whole
   clips what it draws beyond its padding, so that it cannot cover the rows around it. */
td, .pin div, .pin li { overflow: clip; }
.pin div, .pin li { padding-block: .2em; }
.pin ol { list-style-position: inside; padding-left: .5em; }
.muted { color: var(--muted); }
.notice { padding: .5em 1em; background: #16a34a22; overflow-wrap: anywhere; }
.error { padding: .5em 1em; background: #dc262622; overflow-wrap: anywhere; }
.error-text { color: var(--danger); }
.toolbar { display: flex; gap: .5em; flex-wrap: wrap; align-items: center; margin-bottom: .8em; }
.columns { display: grid; grid-template-columns: minmax(12em, 18em) minmax(0, 1fr); gap: 1.5em; }
.scopes a { display: block; padding: .2em 0; overflow-wrap: anywhere; }
.scopes a.current { font-weight: bold; }
tr.exchange { cursor: pointer; }
tr.exchange:hover { background: #8881; }
tr.exchange.open, tr.highlight { background: #2563eb18; }
tr.superseded td { color: var(--muted); text-decoration: line-through; }
tr.superseded td.keep { text-decoration: none; }
.cell-text { max-width: 28em; overflow-wrap: anywhere; }
.facts-cell { max-width: 22em; font-size: .9em; }
.facts-cell div { overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 .4em; border-radius: .6em; font-size: .85em; border: 1px solid var(--line); }
.badge.hit { background: #16a34a33; }
.badge.cold { background: #2563eb22; }
.badge.miss { background: #dc262633; }
.detail > td { padding: .5em 1em 1em; }
.detail dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .2em 1em; margin: 0; }
.detail dt { color: var(--muted); }
.pin ol { margin: .3em 0; }
.chart { width: 100%; max-width: 60em; height: auto; border: 1px solid var(--line); }
.chart .grid { stroke: var(--line); stroke-width: 1; }
.chart .memory { fill: none; stroke: var(--accent); stroke-width: 1.5; }
.chart .cache { fill: none; stroke: var(--cache); stroke-width: 1.5; }
.chart text { font-size: 11px; fill: var(--muted); }
.legend span { margin-right: 1.5em; }
.legend .memory { color: var(--accent); }
.legend .cache { color: var(--cache); }
.tabs a { margin-right: 1em; }
.tabs a.current { font-weight: bold; }
button.danger { color: var(--danger); }
dialog { max-width: min(36em, calc(100vw - 2em)); overflow-wrap: anywhere; }
dialog code { display: inline-block; max-height: 8em; overflow: auto; }
dialog menu { display: flex; gap: .5em; padding: 0; margin: 1em 0 0; }
input[type=text], input[type=search], input[type=password], input:not([type]) { padding: .25em .4em; min-width: 14em; }
/* Narrow screens: a table's rows become cards, each cell under its column's heading (a table of 7 columns at 420 px
   would break words one letter per line). */
@media (max-width: 50em) {
  main { padding: .6em; }
  .columns { grid-template-columns: minmax(0, 1fr); }
  table.cards, table.cards > tbody, table.cards > tbody > tr, table.cards > tbody > tr > td { display: block; width: 100%; }
  table.cards > thead { display: none; }
  table.cards > tbody > tr { border: 1px solid var(--line); border-radius: .4em; margin: 0 0 .6em; padding: .3em 0; }
  table.cards > tbody > tr > td { border: none; padding: .15em .6em; text-align: left; white-space: normal; }
  table.cards > tbody > tr > td[data-label]::before { content: attr(data-label); display: block; font-size: .8em; color: var(--muted); }
  table.cards > tbody > tr > td:empty { display: none; }
  .cell-text, .facts-cell { max-width: none; }
  input[type=text], input[type=search], input[type=password], input:not([type]) { min-width: 0; max-width: 100%; }
}
`;
