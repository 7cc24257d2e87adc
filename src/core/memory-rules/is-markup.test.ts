import { describe, expect, it } from 'vitest';
import { isMarkup } from './is-markup.js';

describe('isMarkup', () => {
  it.each([
    '<!DOCTYPE html><html><body>Just a moment...</body></html>',
    '<html>\n<head><title>502 Bad Gateway</title></head>\n<body><center><h1>502 Bad Gateway</h1></center></body></html>',
    '<center><h1>504 Gateway Time-out</h1></center><hr><center>openresty</center>',
    '<?xml version="1.0"?><Error><Code>AccessDenied</Code></Error>',
    '{"task": "[object Promise]", "facts": ["[object Promise]"]}',
    "[{'error': 'boom'}]",
  ])('finds markup in %j', (text) => {
    expect(isMarkup(text)).toBe(true);
  });

  it.each([
    'User writes </task_recap> and <current_message> in docs',
    'Fix the footer in this snippet: <div class="footer"><span>© 2024</span></div>, it does not stick to the bottom',
    'Build a React component that renders <h1> and <p> tags from Markdown',
    'The config is {a: 1}',
    'User prefers {braces} on the same line',
  ])('finds no markup in %j', (text) => {
    expect(isMarkup(text)).toBe(false);
  });
});
